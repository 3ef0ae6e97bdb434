import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays, fromCents, PAGADOR_MSG, todayInSaoPaulo, toCents, valorAtualizadoCents, type IsoDate } from '@bg/domain';
import { mensagemConsentimento, pagadorAcesso, pessoaVisao } from '../../src/db/schema/index.js';
import { createEmpresa } from '../../src/factories/foundation.js';
import { createPessoa } from '../../src/factories/garantia.js';
import { fileLinkSigner } from '../../src/modules/files/signed-link.js';
import { criarCodigoPagador, formatarCodigoPagador } from '../../src/modules/pagador/link-pagador.js';
import { limparAcessosPagadorBatch } from '../../src/modules/pagador/limpar-acessos.js';
import { criarSessaoPagador, pdfUrlPagador } from '../../src/modules/pagador/sessao-pagador.js';
import { redactUrl } from '../../src/http/log-redaction.js';
import { createTestApp, type TestApp } from '../harness.js';
import { ensureConta, move, pdfText, releasedGarantia } from '../boletos/support.js';
import { acordoBody, newCpf } from '../cobranca/support.js';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['userWithToken']>>;
const today = todayInSaoPaulo();
let ipSeq = 0;
/** Each test its own client address: the per-IP counters of one test never refuse another's calls. */
const newIp = () => `10.27.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp();
  await ensureConta(t.database.db);
  admin = await t.userWithToken({ nivel: '2' });
});
afterAll(async () => t?.close());

const pub = (ip: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.call({ method, url, payload, remoteAddress: ip, headers: { 'user-agent': 'Navegador de Teste/1.0' } });
const identificar = (ip: string, body: object) => pub(ip, 'POST', '/api/pagador/identificar', body);
const listar = (ip: string, sessao: string) => pub(ip, 'POST', '/api/pagador/boletos', { sessao });

/** A payer with a birth date, guarantees released by two shops (instalments of `parcelas` cents). */
async function pagador(opts: { nascimento?: string | null; lojas?: { nome: string; parcelas: number[]; primeiroVencimento: IsoDate }[] } = {}) {
  const db = t.database.db;
  const cpf = newCpf();
  const p = await createPessoa(db, { cpf_cnpj: cpf, nome_razao: `MARIA PAGADORA ${cpf.slice(-4)}`, data_nascimento: opts.nascimento === undefined ? '1980-03-09' : opts.nascimento });
  const lojas = opts.lojas ?? [
    { nome: 'Loja Aurora', parcelas: [10000, 10000, 10000], primeiroVencimento: addDays(today, -10) },
    { nome: 'Loja Brisa', parcelas: [25050], primeiroVencimento: addDays(today, 20) },
  ];
  const garantias = [];
  for (const l of lojas) {
    const empresa = await createEmpresa(db, { fantasia: l.nome });
    const { user } = await t.userWithToken({ nivel: '1', empresa_id: empresa.id });
    garantias.push(await releasedGarantia(db, { empresa_id: empresa.id, usuario_id: user.id, pessoa_id: p.id, parcelas: l.parcelas, primeiroVencimento: l.primeiroVencimento }));
  }
  return { pessoa: p, cpf, garantias };
}

async function sessaoDe(ip: string, cpf: string, data = '1980-03-09') {
  const res = await identificar(ip, { documento: cpf, data });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.sessao as string;
}

const acessos = (pessoaId: number) => t.database.db.select().from(pagadorAcesso).where(eq(pagadorAcesso.pessoa_id, pessoaId)).orderBy(pagadorAcesso.id);

describe('identification', () => {
  it('CPF (any mask) and birth date (ISO or dd/mm/aaaa) open a session of that person; the list is logged', async () => {
    const ip = newIp();
    const { pessoa, cpf } = await pagador();
    const masked = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    const res = await identificar(ip, { documento: masked, data: '09/03/1980' });
    expect(res.statusCode, res.body).toBe(200);
    const { sessao, expira_em } = res.json().data;
    expect(sessao).toMatch(new RegExp(`^${pessoa.id}\\.\\d+\\.`));
    const minutes = (new Date(expira_em).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = await listar(ip, sessao);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.nome).toBe('Maria');
    const log = await acessos(pessoa.id);
    expect(log.map((a) => [a.acao, a.meio])).toEqual([['identificacao', 'documento'], ['listagem', null]]);
    expect(log[0]).toMatchObject({ ip, user_agent: 'Navegador de Teste/1.0' });
  });

  it('the code of a message link opens the same page (any case, with or without the dash); an expired code does not', async () => {
    const ip = newIp();
    const { pessoa } = await pagador();
    const { codigo } = await t.database.db.transaction((tx) => criarCodigoPagador(tx, pessoa.id));
    const res = await identificar(ip, { codigo: formatarCodigoPagador(codigo).toLowerCase() });
    expect(res.statusCode, res.body).toBe(200);
    expect((await listar(ip, res.json().data.sessao)).json().data.boletos).toHaveLength(4);
    const velho = await t.database.db.transaction((tx) => criarCodigoPagador(tx, pessoa.id, new Date(Date.now() - 8 * 86_400_000)));
    const expired = await identificar(ip, { codigo: velho.codigo });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().msg).toBe(PAGADOR_MSG.naoIdentificado);
    expect((await acessos(pessoa.id)).map((a) => [a.acao, a.meio])).toEqual([['identificacao', 'codigo'], ['listagem', null]]);
    const [recusa] = await t.database.db.select().from(pagadorAcesso).where(and(eq(pagadorAcesso.ip, ip), eq(pagadorAcesso.acao, 'identificacao_recusada')));
    expect(recusa).toMatchObject({ pessoa_id: null, meio: 'codigo', detalhe: 'código inválido ou expirado' });
  });

  it('every wrong answer is the same 404 and words: wrong date, unknown CPF, invalid CPF, bad date, missing fields, bad code', async () => {
    const ip = newIp();
    const { pessoa, cpf } = await pagador();
    const tries = [
      { documento: cpf, data: '1980-03-10' },
      { documento: newCpf(), data: '1980-03-09' },
      { documento: '123.456.789-00', data: '1980-03-09' },
      { documento: cpf, data: '31/02/1980' },
      {},
      { codigo: 'ABCDE-FGHJK' },
    ];
    for (const body of tries) {
      const res = await identificar(ip, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.json()).toEqual({ status: 404, msg: PAGADOR_MSG.naoIdentificado });
    }
    // the refusal that matched the document is on that person's log (the holder sees who tried)
    expect((await acessos(pessoa.id)).map((a) => [a.acao, a.detalhe])).toEqual([['identificacao_recusada', 'data não confere']]);
  });

  it('a person recorded without a birth date is matched by a shop view that has it, never by an empty date', async () => {
    const ip = newIp();
    const { pessoa, cpf } = await pagador({ nascimento: null });
    expect((await identificar(ip, { documento: cpf, data: '' })).statusCode).toBe(404);
    expect((await identificar(ip, { documento: cpf, data: '1980-03-09' })).statusCode).toBe(404);
    // a shop typed the date in its view: that date opens the page
    await t.database.db.update(pessoaVisao).set({ data_nascimento: '1980-03-09' }).where(eq(pessoaVisao.pessoa_id, pessoa.id));
    expect((await identificar(ip, { documento: cpf, data: '1980-03-09' })).statusCode).toBe(200);
  });

  it('rate limit: ten refusals from one address and even the right data answers 429 for the window', async () => {
    const ip = newIp();
    const { cpf } = await pagador();
    for (let i = 0; i < 10; i++) expect((await identificar(ip, { documento: cpf, data: '2000-01-01' })).statusCode).toBe(404);
    const blocked = await identificar(ip, { documento: cpf, data: '1980-03-09' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().msg).toBe(PAGADOR_MSG.muitasTentativas);
    // another address is not affected
    expect((await identificar(newIp(), { documento: cpf, data: '1980-03-09' })).statusCode).toBe(200);
  });
});

describe('the open boletos', () => {
  it('lists only that person\'s payable boletos across shops, with the updated value, linha and Pix; nothing paid, cancelled, in an acordo or someone else\'s', async () => {
    const ip = newIp();
    const { pessoa, cpf, garantias } = await pagador({
      lojas: [
        { nome: 'Loja Aurora', parcelas: [10000, 10000, 10000, 10000], primeiroVencimento: addDays(today, -40) },
        { nome: 'Loja Brisa', parcelas: [25050, 30000], primeiroVencimento: addDays(today, 20) },
      ],
    });
    const [aurora, brisa] = garantias;
    await move(t.database.db, aurora.boletos[0].id, ['liquidar']);
    await move(t.database.db, aurora.boletos[2].id, ['cancelar']);
    // someone else's, same shop: never shown
    await pagador();
    // an acordo over Brisa's second boleto… and the first still open
    const acordo = await t.call({ method: 'POST', url: '/api/acordo/create', token: admin.token, payload: acordoBody({ pessoaId: pessoa.id, boletos: [brisa.boletos[1]] }, { qtd: 2, entradaCents: 10000 }) });
    expect(acordo.statusCode, acordo.body).toBe(200);

    const sessao = await sessaoDe(ip, cpf);
    const page = (await listar(ip, sessao)).json().data;
    const ids = page.boletos.map((b: { id: number }) => b.id);
    const expected = [aurora.boletos[1].id, aurora.boletos[3].id, brisa.boletos[0].id];
    expect(ids.sort()).toEqual(expected.sort());
    const vencido = page.boletos.find((b: { id: number }) => b.id === aurora.boletos[1].id);
    expect(vencido).toMatchObject({ loja: 'Loja Aurora', parcela: 2, qtd_parcelas: 4, valor: 100, vencimento: aurora.boletos[1].vencimento });
    expect(vencido.dias_atraso).toBeGreaterThanOrEqual(9);
    expect(vencido.valor_atualizado).toBe(fromCents(valorAtualizadoCents(10000, vencido.vencimento, today)));
    expect(vencido.valor_atualizado).toBeGreaterThan(102);
    const futuro = page.boletos.find((b: { id: number }) => b.id === brisa.boletos[0].id);
    expect(futuro).toMatchObject({ loja: 'Loja Brisa', parcela: 1, qtd_parcelas: 2, valor: 250.5, valor_atualizado: 250.5, dias_atraso: 0 });
    expect(futuro.linha_digitavel).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    // the demo conta has a Pix key: the boleto híbrido's copy-and-paste code, with its amount
    expect(futuro.pix).toMatch(/^000201/);
    expect(futuro.pix).toContain('5406250.50');
    expect(futuro.pdf_url).toMatch(new RegExp(`^/api/pagador/boleto/${futuro.id}/pdf\\?p=${pessoa.id}&exp=\\d+&sig=`));
    // nothing else about the person
    expect(Object.keys(page).sort()).toEqual(['boletos', 'canais', 'nome', 'sessao_expira_em']);
    expect(JSON.stringify(page)).not.toContain('Paulista');
    expect(JSON.stringify(page)).not.toContain(cpf);
    expect(toCents(futuro.valor)).toBe(25050);
  });

  it('an expired, forged or someone else\'s session answers the session message, never the list', async () => {
    const ip = newIp();
    const { pessoa } = await pagador();
    const old = fileLinkSigner(t.config.fileLinkSecret ?? 'test-secret', 60, () => Date.now() - 3600_000);
    const expired = criarSessaoPagador(old, pessoa.id).sessao;
    const outro = await pagador();
    const forged = expired.replace(/^\d+/, String(outro.pessoa.id));
    for (const sessao of [expired, forged, 'x', `${pessoa.id}.9999999999.abc`]) {
      const res = await listar(ip, sessao);
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(PAGADOR_MSG.sessaoExpirada);
    }
    expect(await acessos(pessoa.id)).toEqual([]);
  });
});

describe('the PDF', () => {
  it('the signed link serves the slip while valid; expired, forged, another boleto or a paid one are refused; each download logged', async () => {
    const ip = newIp();
    const { pessoa, cpf, garantias } = await pagador();
    const sessao = await sessaoDe(ip, cpf);
    const [b] = (await listar(ip, sessao)).json().data.boletos;
    const res = await pub(ip, 'GET', b.pdf_url);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    expect(text).toContain(b.linha_digitavel);
    expect(text).toContain('Recibo do Pagador');
    expect(text).toContain(b.loja);

    const old = fileLinkSigner(t.config.fileLinkSecret ?? 'test-secret', 600, () => Date.now() - 3600_000);
    const expired = pdfUrlPagador(old, pessoa.id, b.id);
    const other = b.pdf_url.replace(`/boleto/${b.id}/`, `/boleto/${garantias[1].boletos[0].id}/`);
    const forged = b.pdf_url.replace(/sig=.*/, 'sig=AAAA');
    for (const url of [expired, other, forged]) {
      const r = await pub(ip, 'GET', url);
      expect(r.statusCode, url).toBe(404);
      expect(r.json().msg).toBe(PAGADOR_MSG.linkExpirado);
    }
    // paid since the list: the link no longer serves it
    await move(t.database.db, b.id, ['liquidar']);
    const paid = await pub(ip, 'GET', b.pdf_url);
    expect(paid.statusCode).toBe(404);
    expect(paid.json().msg).toBe(PAGADOR_MSG.boletoIndisponivel);

    const log = await acessos(pessoa.id);
    expect(log.filter((a) => a.acao === 'boleto_pdf')).toEqual([expect.objectContaining({ boleto_id: b.id, ip, user_agent: 'Navegador de Teste/1.0' })]);
  });
});

describe('channels and the access log', () => {
  it('the payer leaves WhatsApp (recorded once, origem pagina_pagador) and the administradores read the log', async () => {
    const ip = newIp();
    const { pessoa, cpf } = await pagador();
    const sessao = await sessaoDe(ip, cpf);
    expect((await listar(ip, sessao)).json().data.canais).toEqual({ whatsapp: true, email: true });
    const save = () => pub(ip, 'POST', '/api/pagador/preferencias', { sessao, whatsapp: false, email: true });
    expect((await save()).json()).toEqual({ status: 200, msg: PAGADOR_MSG.preferenciasSalvas });
    await save();
    const rows = await t.database.db.select().from(mensagemConsentimento).where(eq(mensagemConsentimento.pessoa_id, pessoa.id));
    expect(rows).toEqual([expect.objectContaining({ channel: 'whatsapp', aceito: false, origem: 'pagina_pagador' })]);
    expect((await listar(ip, sessao)).json().data.canais).toEqual({ whatsapp: false, email: true });
    expect((await pub(ip, 'POST', '/api/pagador/preferencias', { sessao: 'x', whatsapp: true, email: true })).statusCode).toBe(404);

    const log = await t.call({ method: 'GET', url: `/api/pagador/acessos/${pessoa.id}`, token: admin.token });
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().data.map((a: { acao: string }) => a.acao)).toEqual(['listagem', 'preferencias', 'listagem', 'identificacao']);
    expect(log.json().data[1].detalhe).toBe('WhatsApp: não aceita');
    const loja = await t.userWithToken({ nivel: '1' });
    expect((await t.call({ method: 'GET', url: `/api/pagador/acessos/${pessoa.id}`, token: loja.token })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/pagador/acessos/999999999', token: admin.token })).statusCode).toBe(404);
  });
});

describe('the code in the URL', () => {
  it('the request log masks /pagar/{codigo} like the other public tokens (and every query string)', () => {
    expect(redactUrl('/pagar/ABCDE-FGHJK')).toBe('/pagar/***');
    expect(redactUrl('/pagar')).toBe('/pagar');
    expect(redactUrl('/api/pagador/boleto/5/pdf?p=1&exp=2&sig=abc')).toBe('/api/pagador/boleto/5/pdf?***');
  });
});

describe('retention', () => {
  it('the nightly purge removes accesses older than the LGPD retention (never under 6 months), keeps the rest', async () => {
    const ip = newIp();
    const { pessoa, cpf } = await pagador();
    await sessaoDe(ip, cpf);
    const [velho] = await t.database.db.insert(pagadorAcesso).values({ pessoa_id: pessoa.id, acao: 'listagem', ip, created_at: new Date(Date.now() - 400 * 86_400_000) }).returning();
    const [meio] = await t.database.db.insert(pagadorAcesso).values({ pessoa_id: pessoa.id, acao: 'listagem', ip, created_at: new Date(Date.now() - 150 * 86_400_000) }).returning();
    // 1 month asked: applied as 6, the 150-day-old row stays
    expect(await limparAcessosPagadorBatch(t.database.db, 1)).toBeGreaterThanOrEqual(1);
    const ids = (await acessos(pessoa.id)).map((a) => a.id);
    expect(ids).not.toContain(velho.id);
    expect(ids).toContain(meio.id);
    expect(ids).toHaveLength(2);
  });
});
