import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { addBusinessDays, addDays, formatCpfCnpj, formatDateBR, formatProtocol, SITUACAO } from '@bg/domain';
import { acordoParcela, assinaturaSolicitacao, auditLog, boleto, boletoHistorico, mensagemOutbox, spcInclusao, storedFile } from '../../src/db/schema/index.js';
import { localBureau } from '../../src/adapters/bureau/local-bureau.js';
import { migrationsDir } from '../../src/db/migrate.js';
import { createEmpresa } from '../../src/factories/foundation.js';
import { createGarantia } from '../../src/factories/garantia.js';
import { credorAtual } from '../../src/modules/cobranca/credor.js';
import { systemClock } from '../../src/shared/clock.js';
import { executarExclusoes, solicitarExclusoes, spcExclusaoJob } from '../../src/modules/cobranca/spc-exclusao.js';
import { incluirVencidos } from '../../src/modules/cobranca/spc-inclusao.js';
import { createTestApp, type TestApp } from '../harness.js';
import { acordoBody, defaulter, get, pdfText, post, today, until } from './support.js';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['userWithToken']>>;
let loja: Awaited<ReturnType<TestApp['userWithToken']>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithToken({ nivel: '2' });
  loja = await t.userWithToken({ nivel: '1' });
});
afterAll(async () => t?.close());

const incluir = (boletoId: number) => post(t, '/api/acordo/incluir-spc', admin.token, { boletoId });
const postar = (id: number, data_postagem: string, codigo_rastreio = 'AR123456789BR') => post(t, `/api/acordo/spc/${id}/postagem`, admin.token, { data_postagem, codigo_rastreio });
const lookup = (documento: string) => t.call({ method: 'POST', url: '/api/garantia/consultaDocumento', payload: { documento }, token: loja.token });
const inclusao = async (id: number) => (await t.database.db.select().from(spcInclusao).where(eq(spcInclusao.id, id)))[0];
const quiet = { log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() }, throwIfInterrupted: () => undefined };
/** The notice issued `dias` days ago (as if the operator had pressed "Incluir no SPC" then). */
const emitidoHa = (id: number, dias: number) => t.database.db.update(spcInclusao).set({ aviso_em: new Date(Date.now() - dias * 86_400_000) }).where(eq(spcInclusao.id, id));
/** "Incluir no SPC", the letter posted SPC_AVISO_DIAS + 1 days ago and the daily job run: an ATIVA record. */
async function incluirAtiva(boletoId: number) {
  const res = await incluir(boletoId);
  expect(res.statusCode, res.body).toBe(200);
  const { id } = res.json().data as { id: number };
  await emitidoHa(id, 12);
  expect((await postar(id, addDays(today, -11))).statusCode).toBe(200);
  await incluirVencidos(t.database.db, localBureau(), systemClock, quiet);
  expect((await inclusao(id)).status).toBe('ATIVA');
  return { id };
}

describe('POST /api/acordo/incluir-spc: the prior notice is a registered letter', () => {
  it('issues the notice (letter to the address, WhatsApp to the phone) and waits for the posting: AVISADA without a date, nothing at the bureau', async () => {
    const d = await defaulter(t, [{ cents: 25002, daysAgo: 54 }], { telefone1: '11912345678' });
    expect((await lookup(d.cpf)).json().status).toBe(900); // already: an overdue open boleto

    const res = await incluir(d.boletos[0].id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe('Aviso prévio registrado. Imprima a carta de aviso, envie-a com AR e registre a postagem: se o débito continuar em aberto, o boleto será incluído no SPC 10 dias após a postagem.');
    const data = res.json().data;
    expect(data).toMatchObject({ boleto_id: d.boletos[0].id, status: 'AVISADA', protocolo: null, inclusao_prevista: null });
    expect(data.mensagens).toEqual([data.aviso_mensagem_id]);

    const row = await inclusao(data.id);
    expect(row).toMatchObject({ cpf_cnpj: d.cpf, pessoa_id: d.pessoaId, incluido_por: admin.user.id, valor: '250.02', vencimento: d.boletos[0].vencimento, inclusao_prevista: null, carta_postada_em: null, carta_rastreio: null });
    expect(row.carta_destinatario).toEqual({ nome: d.nome, cpf_cnpj: d.cpf, endereco: 'Avenida Paulista', numero: '500', complemento: null, bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP', cep: '01310100' });
    const [aviso] = await t.database.db.select().from(mensagemOutbox).where(eq(mensagemOutbox.id, data.aviso_mensagem_id));
    expect(aviso).toMatchObject({ channel: 'whatsapp', recipient: '11912345678', entity: 'spc_inclusao', entity_id: String(data.id), pessoa_id: d.pessoaId, tipo: 'spc_aviso', base_legal: 'protecao_credito' });
    expect(aviso.text).toContain('art. 43, § 2º');
    expect(aviso.text).toContain('R$ 250,02');
    expect(aviso.text).toContain('será registrado no cadastro de proteção ao crédito (SPC) após 10 dias da postagem da carta registrada deste aviso');
    expect(aviso.text).toContain('Este aviso também foi enviado por carta registrada ao seu endereço.');

    // the detail shows the notice waiting for the posting
    const detail = (await get(t, `/api/pessoa/getInadimplenteById/${d.pessoaId}`, admin.token)).json().data;
    expect(detail.boletos[0].spc).toMatchObject({ id: data.id, status: 'AVISADA', inclusao_prevista: null, carta_postada_em: null, carta_rastreio: null });
    const twice = await incluir(d.boletos[0].id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toBe('O aviso prévio deste boleto já foi emitido: imprima a carta e registre a postagem para que o prazo comece a contar.');
    expect(await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'spc.aviso'), eq(auditLog.entity_id, String(data.id))))).toHaveLength(1);

    // a letter never posted is never included, however long ago the notice was issued
    await emitidoHa(data.id, 60);
    await incluirVencidos(t.database.db, localBureau(), systemClock, quiet);
    expect(await inclusao(data.id)).toMatchObject({ status: 'AVISADA', protocolo: null });
  });

  it('the letter PDF: sender, addressee with the full address, the debt with creditor and CNPJ, the notice and the AR field', async () => {
    const d = await defaulter(t, [{ cents: 25002, daysAgo: 54 }]);
    const { id } = (await incluir(d.boletos[0].id)).json().data as { id: number };
    const res = await t.call({ method: 'GET', url: `/api/acordo/spc/${id}/carta`, token: admin.token });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload).replace(/[ \t]+/g, ' ');
    for (const s of [
      'CARTA REGISTRADA COM AVISO DE RECEBIMENTO (AR)', 'Remetente', 'Destinatário', d.nome, formatCpfCnpj(d.cpf), 'Avenida Paulista, 500', 'São Paulo/SP', 'CEP 01310-100',
      'Aviso prévio de inclusão em cadastro de proteção ao crédito', 'CNPJ do credor', formatProtocol(d.boletos[0].id, d.boletos[0].digito), formatDateBR(d.boletos[0].vencimento), 'R$ 250,02',
      'art. 43, § 2º', 'Código de rastreamento do AR', 'Data de postagem', '10 dias após a postagem', 'Súmula 548',
    ]) expect(text, s).toContain(s);
    const credor = await credorAtual(t.database.db);
    expect(text).toContain(credor.nome);
    if (credor.cnpj) expect(text).toContain(formatCpfCnpj(credor.cnpj));
    // administradores only
    expect((await t.call({ method: 'GET', url: `/api/acordo/spc/${id}/carta`, token: loja.token })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/acordo/spc/999999999/carta', token: admin.token })).statusCode).toBe(404);
  });

  it('the waiting period counts from the posting date: included only SPC_AVISO_DIAS after it', async () => {
    const d = await defaulter(t, [{ cents: 30000, daysAgo: 40 }, { cents: 30000, daysAgo: 40 }]);
    const recente = (await incluir(d.boletos[0].id)).json().data.id as number;
    const antigo = (await incluir(d.boletos[1].id)).json().data.id as number;
    await emitidoHa(recente, 20);
    await emitidoHa(antigo, 20);
    // notice issued 20 days ago, but the letter posted 5 days ago: 5 more days to wait
    const r1 = await postar(recente, addDays(today, -5), 'ar 123.456.789 br');
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r1.json().msg).toBe(`Postagem registrada. Se o débito continuar em aberto, o boleto será incluído no SPC em ${formatDateBR(addDays(today, 5))}.`);
    expect(r1.json().data).toEqual({ id: recente, carta_postada_em: addDays(today, -5), carta_rastreio: 'AR123456789BR', inclusao_prevista: addDays(today, 5) });
    // posted 10 days ago: the period ends today
    expect((await postar(antigo, addDays(today, -10), 'JT987654321BR')).statusCode).toBe(200);
    await incluirVencidos(t.database.db, localBureau(), systemClock, quiet);
    expect(await inclusao(recente)).toMatchObject({ status: 'AVISADA', protocolo: null, carta_rastreio: 'AR123456789BR' });
    const ativa = await inclusao(antigo);
    expect(ativa).toMatchObject({ status: 'ATIVA', carta_postada_em: addDays(today, -10), carta_rastreio: 'JT987654321BR', inclusao_prevista: today });
    expect(ativa.protocolo).toMatch(/^LOCAL-/);
    // again, and two runs at once: nothing more
    await Promise.all([incluirVencidos(t.database.db, localBureau(), systemClock, quiet), incluirVencidos(t.database.db, localBureau(), systemClock, quiet)]);
    expect(await inclusao(antigo)).toMatchObject({ status: 'ATIVA', protocolo: ativa.protocolo });
    expect(await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'spc.inclusao'), eq(auditLog.entity_id, String(antigo))))).toHaveLength(1);
    expect(await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'spc.carta_postada'), eq(auditLog.entity_id, String(recente))))).toHaveLength(1);
    const detail = (await get(t, `/api/pessoa/getInadimplenteById/${d.pessoaId}`, admin.token)).json().data;
    const spcs = detail.boletos.map((b: { spc: unknown }) => b.spc);
    expect(spcs).toEqual(expect.arrayContaining([expect.objectContaining({ id: recente, carta_postada_em: addDays(today, -5), inclusao_prevista: addDays(today, 5) })]));

    const res900 = (await lookup(d.cpf)).json();
    expect(res900.status).toBe(900);
    expect(res900.consulta).toContain('SPC');
    const list = (await get(t, `/api/pessoa/getInadimplentes?pesquisa=${d.cpf}`, admin.token)).json();
    expect(list.data).toMatchObject([{ id: d.pessoaId, spc_ativo: true }]);
    const twice = await incluir(d.boletos[1].id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toBe('Este boleto já está incluído no SPC.');
    const twiceAvisada = await incluir(d.boletos[0].id);
    expect(twiceAvisada.json().msg).toBe(`O aviso prévio deste boleto já foi enviado; a inclusão no SPC está prevista para ${formatDateBR(addDays(today, 5))}.`);
  });

  it('the posting: a Correios code, a date from the notice to today, only while AVISADA; the same posting twice changes nothing', async () => {
    const d = await defaulter(t, [{ cents: 30000, daysAgo: 20 }]);
    const id = (await incluir(d.boletos[0].id)).json().data.id as number;
    const bad = await postar(id, today, '12345');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.codigo_rastreio).toBe('Informe o código de rastreamento do AR no formato dos Correios (ex.: AR123456789BR).');
    const futuro = await postar(id, addDays(today, 1));
    expect(futuro.statusCode).toBe(422);
    expect(futuro.json().msg).toBe('A data de postagem não pode ser anterior ao aviso nem posterior a hoje.');
    expect((await postar(id, addDays(today, -1))).statusCode).toBe(422); // before the notice was issued (today)
    expect(await inclusao(id)).toMatchObject({ carta_postada_em: null, inclusao_prevista: null });
    expect((await postar(id, today)).statusCode).toBe(200);
    expect((await postar(id, today)).statusCode).toBe(200);
    expect(await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'spc.carta_postada'), eq(auditLog.entity_id, String(id))))).toHaveLength(1);
    expect(await inclusao(id)).toMatchObject({ carta_postada_em: today, carta_rastreio: 'AR123456789BR', inclusao_prevista: addDays(today, 10), carta_registrada_por: admin.user.id });
    expect((await t.call({ method: 'POST', url: `/api/acordo/spc/${id}/postagem`, token: loja.token, payload: { data_postagem: today, codigo_rastreio: 'AR123456789BR' } })).statusCode).toBe(403);
    const { id: ativa } = await incluirAtiva((await defaulter(t, [{ cents: 1000, daysAgo: 30 }])).boletos[0].id);
    const late = await postar(ativa, today);
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toBe('Só é possível registrar a postagem de um aviso prévio em curso (AVISADA).');
  });

  it('a debt paid or put in an acordo during the notice period is never registered (DESISTIDA), posted or not', async () => {
    const pago = await defaulter(t, [{ cents: 30000, daysAgo: 20 }]);
    const a = (await incluir(pago.boletos[0].id)).json().data.id as number;
    await emitidoHa(a, 15);
    await postar(a, addDays(today, -12));
    expect((await post(t, `/api/boleto/baixar/${pago.boletos[0].id}`, admin.token)).statusCode).toBe(200);
    const emAcordo = await defaulter(t, [{ cents: 30000, daysAgo: 20 }]);
    const b = (await incluir(emAcordo.boletos[0].id)).json().data.id as number; // never posted
    const acordo = await post(t, '/api/acordo/create', admin.token, acordoBody(emAcordo, { qtd: 2, entradaCents: 10000 }));
    expect(acordo.statusCode, acordo.body).toBe(200);
    const counts = await incluirVencidos(t.database.db, localBureau(), systemClock, quiet);
    expect(counts.desistidas).toBeGreaterThanOrEqual(2);
    expect(await inclusao(a)).toMatchObject({ status: 'DESISTIDA', protocolo: null, desistencia_motivo: 'Débito encerrado no aviso prévio (boleto ENVIADO PARA BAIXA)' });
    expect(await inclusao(b)).toMatchObject({ status: 'DESISTIDA', protocolo: null });
    expect((await inclusao(b)).desistencia_motivo).toMatch(/^Débito em acordo \(nº \d+\) no aviso prévio$/);
    expect((await lookup(pago.cpf)).json().status).toBe(200);
  });

  it('a bureau failure is kept on the record and retried at the next run', async () => {
    const d = await defaulter(t, [{ cents: 30000, daysAgo: 20 }]);
    const retry = (await incluir(d.boletos[0].id)).json().data.id as number;
    await emitidoHa(retry, 15);
    await postar(retry, addDays(today, -10));
    const down = { ...localBureau(), name: 'fora-do-ar', incluirSpc: async () => { throw new Error('bureau indisponível'); } };
    const first = await incluirVencidos(t.database.db, down, systemClock, quiet);
    expect(first.falhas).toBeGreaterThanOrEqual(1);
    expect(await inclusao(retry)).toMatchObject({ status: 'AVISADA', inclusao_tentativas: 1, inclusao_erro: 'bureau indisponível' });
    await incluirVencidos(t.database.db, localBureau(), systemClock, quiet);
    expect(await inclusao(retry)).toMatchObject({ status: 'ATIVA', inclusao_tentativas: 2, inclusao_erro: null });
  });

  it('a person without a phone is notified by letter alone; without an address the notice cannot be issued (422)', async () => {
    const d = await defaulter(t, [
      { cents: 10000, daysAgo: -3 },
      { cents: 10000, daysAgo: 10, situacao: SITUACAO.LIQUIDADO },
    ]);
    expect((await incluir(d.boletos[0].id)).json()).toMatchObject({ status: 409, msg: 'Só é possível incluir no SPC um boleto vencido e em aberto.' });
    expect((await incluir(d.boletos[1].id)).statusCode).toBe(409);
    const semTelefone = await defaulter(t, [{ cents: 10000, daysAgo: 10 }], { telefone1: null });
    const porCarta = await incluir(semTelefone.boletos[0].id);
    expect(porCarta.statusCode, porCarta.body).toBe(200);
    expect(porCarta.json().data).toMatchObject({ status: 'AVISADA', aviso_mensagem_id: null, mensagens: [] });

    const empresa = await createEmpresa(t.database.db);
    const { user } = await t.userWithToken({ nivel: '1', empresa_id: empresa.id });
    const semEndereco = await createGarantia(t.database.db, {
      empresa_id: empresa.id, usuario_id: user.id, status: 'APROVADO', libera_boleto: 'S', situacao: 'GARANTIDO', parcelas: [10000], primeiroVencimento: addDays(today, -10),
      dados: { endereco: null, numero: null, bairro: null, cidade: null, uf: null, cep: null },
    });
    const res = await incluir(semEndereco.boletos[0].id);
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toBe('Não é possível incluir no SPC sem o aviso prévio por carta ao devedor (CDC art. 43, § 2º): cadastre o endereço completo da pessoa (logradouro, cidade, UF e CEP).');
    expect(await t.database.db.select().from(spcInclusao).where(eq(spcInclusao.boleto_id, semEndereco.boletos[0].id))).toEqual([]);
    expect((await incluir(999_999_999)).statusCode).toBe(404);
  });

  it('a notice issued before the letter existed (no address kept): migration 0161 gives it the address, then its letter and posting work', async () => {
    const d = await defaulter(t, [{ cents: 12345, daysAgo: 30 }]);
    const [legado] = await t.database.db
      .insert(spcInclusao)
      .values({ cpf_cnpj: d.cpf, pessoa_id: d.pessoaId, boleto_id: d.boletos[0].id, status: 'AVISADA', valor: '123.45', vencimento: d.boletos[0].vencimento, aviso_em: new Date(), inclusao_prevista: addDays(today, -1) })
      .returning({ id: spcInclusao.id });
    expect((await t.call({ method: 'GET', url: `/api/acordo/spc/${legado.id}/carta`, token: admin.token })).statusCode).toBe(422);
    // without a posted letter the old date does not count
    await incluirVencidos(t.database.db, localBureau(), systemClock, quiet);
    expect(await inclusao(legado.id)).toMatchObject({ status: 'AVISADA', protocolo: null });
    const sqlText = readFileSync(path.join(migrationsDir, '0161_spc_carta_legado.sql'), 'utf8');
    await t.database.executeSql(sqlText);
    expect((await inclusao(legado.id)).carta_destinatario).toMatchObject({ nome: d.nome, cpf_cnpj: d.cpf, endereco: 'Avenida Paulista', numero: '500', cidade: 'São Paulo', uf: 'SP', cep: '01310100' });
    const carta = await t.call({ method: 'GET', url: `/api/acordo/spc/${legado.id}/carta`, token: admin.token });
    expect(carta.statusCode).toBe(200);
    expect(pdfText(carta.rawPayload)).toContain('Avenida Paulista, 500');
    expect((await postar(legado.id, today)).json().data.inclusao_prevista).toBe(addDays(today, 10));
  });

  it('the e-mail the person gave for signing gets the notice too (tipo spc_aviso)', async () => {
    const d = await defaulter(t, [{ cents: 20000, daysAgo: 15 }]);
    const [b] = await t.database.db.select({ garantia_id: boleto.garantia_id }).from(boleto).where(eq(boleto.id, d.boletos[0].id));
    const fileId = randomUUID();
    await t.database.db.insert(storedFile).values({ id: fileId, storage_key: `teste/${fileId}`, original_name: 'duplicatas.pdf', content_type: 'application/pdf', size_bytes: 1, sha256: 'a'.repeat(64) });
    await t.database.db.insert(assinaturaSolicitacao).values({
      garantia_id: b.garantia_id, token_hash: 'b'.repeat(64), expires_at: new Date(Date.now() + 86_400_000), email: 'devedor.spc@example.com', telefone: '11987654321',
      sacado_nome: d.nome, sacado_cpf_cnpj: d.cpf, documento_file_id: fileId, documento_sha256: 'a'.repeat(64),
      documento_resumo: { protocolo: '1-1', emissao: today, emitente: { razao: 'Loja', cnpj: '11222333000181' }, parcelas: [], totalCents: 0, tamanho: 1 },
      created_by: admin.user.id,
    });
    const res = await incluir(d.boletos[0].id);
    expect(res.statusCode, res.body).toBe(200);
    const { id, mensagens } = res.json().data as { id: number; mensagens: number[] };
    const rows = await t.database.db.select().from(mensagemOutbox).where(inArray(mensagemOutbox.id, mensagens));
    expect(rows.map((m) => [m.channel, m.recipient, m.tipo, m.pessoa_id, m.entity_id]).sort()).toEqual([
      ['email', 'devedor.spc@example.com', 'spc_aviso', d.pessoaId, String(id)],
      ['whatsapp', '11987654321', 'spc_aviso', d.pessoaId, String(id)],
    ]);
  });

  it('two operators including the same boleto at once: one record, the other 409', async () => {
    const d = await defaulter(t, [{ cents: 10000, daysAgo: 10 }]);
    const results = await Promise.all([incluir(d.boletos[0].id), incluir(d.boletos[0].id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await t.database.db.select().from(spcInclusao).where(eq(spcInclusao.boleto_id, d.boletos[0].id))).toHaveLength(1);
  });
});

describe('exclusion after payment (STJ Súmula 548: within 5 business days)', () => {
  it('a boleto paid to the shop: the sweep requests the exclusion with the deadline and the record becomes REMOVIDA', async () => {
    const d = await defaulter(t, [{ cents: 30000, daysAgo: 20 }]);
    const { id } = await incluirAtiva(d.boletos[0].id);
    // the shop receives the boleto (Recebimentos): ENVIADO PARA BAIXA
    const baixa = await post(t, `/api/boleto/baixar/${d.boletos[0].id}`, admin.token);
    expect(baixa.statusCode, baixa.body).toBe(200);
    await t.app.jobs.enqueue(t.database.db, spcExclusaoJob, {});
    const removed = await until(async () => {
      const row = await inclusao(id);
      return row.status === 'REMOVIDA' ? row : null;
    });
    expect(removed.exclusao_prazo).toBe(addBusinessDays(today, 5));
    expect(removed.exclusao_motivo).toBe('Boleto ENVIADO PARA BAIXA');
    expect(removed.exclusao_solicitada_em).toBeInstanceOf(Date);
    expect(removed.removido_em).toBeInstanceOf(Date);
    expect(removed.protocolo_exclusao).toMatch(/^LOCAL-EXC-/);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'spc.exclusao'), eq(auditLog.entity_id, String(id))));
    expect(audit).toHaveLength(1);
    expect((await lookup(d.cpf)).json().status).toBe(200);
  });

  it('an acordo that covers the boleto: the last instalment paid enqueues the exclusion at once', async () => {
    const d = await defaulter(t, [
      { cents: 30000, daysAgo: 20 },
      { cents: 10000, daysAgo: 5 },
    ]);
    const { id } = await incluirAtiva(d.boletos[0].id);
    const acordoId = (await post(t, '/api/acordo/create', admin.token, acordoBody(d, { qtd: 2, entradaCents: 20000 }))).json().data.id as number;
    const [p1, p2] = await t.database.db.select().from(acordoParcela).where(eq(acordoParcela.acordo_id, acordoId)).orderBy(acordoParcela.parcela);
    await post(t, '/api/acordo/baixar-parcela', admin.token, { parcelaId: p1.id });
    // ATIVO is not yet payment of the debt: the record stays
    expect((await inclusao(id)).exclusao_solicitada_em).toBeNull();
    expect((await lookup(d.cpf)).json().status).toBe(900);
    await post(t, '/api/acordo/baixar-parcela', admin.token, { parcelaId: p2.id });
    const removed = await until(async () => {
      const row = await inclusao(id);
      return row.status === 'REMOVIDA' ? row : null;
    });
    expect(removed.exclusao_motivo).toBe(`Acordo nº ${acordoId} quitado`);
    expect(removed.exclusao_prazo).toBe(addBusinessDays(today, 5));
    expect((await lookup(d.cpf)).json().status).toBe(200);
  });

  it('a bureau failure is kept on the record and retried at the next run', async () => {
    const d = await defaulter(t, [{ cents: 30000, daysAgo: 20 }]);
    const { id } = await incluirAtiva(d.boletos[0].id);
    await post(t, `/api/boleto/baixar/${d.boletos[0].id}`, admin.token);
    await solicitarExclusoes(t.database.db, systemClock);
    const down = { ...localBureau(), name: 'fora-do-ar', excluirSpc: async () => { throw new Error('bureau indisponível'); } };
    const warn = vi.fn();
    const first = await executarExclusoes(t.database.db, down, systemClock, { log: { info: vi.fn(), warn, error: vi.fn() }, throwIfInterrupted: () => undefined });
    expect(first.falhas).toBeGreaterThanOrEqual(1);
    expect(await inclusao(id)).toMatchObject({ status: 'ATIVA', exclusao_tentativas: 1, exclusao_erro: 'bureau indisponível' });
    expect(warn).toHaveBeenCalled();
    await executarExclusoes(t.database.db, localBureau(), systemClock);
    expect(await inclusao(id)).toMatchObject({ status: 'REMOVIDA', exclusao_tentativas: 2, exclusao_erro: null });
  });

  it('a boleto QUITADO by the guarantor is not a payment by the debtor: the record stays', async () => {
    const d = await defaulter(t, [{ cents: 30000, daysAgo: 20 }]);
    const { id } = await incluirAtiva(d.boletos[0].id);
    const q = await post(t, `/api/boleto/quitar/${d.boletos[0].id}`, admin.token);
    expect(q.statusCode, q.body).toBe(200);
    const [h] = await t.database.db.select().from(boletoHistorico).where(and(eq(boletoHistorico.boleto_id, d.boletos[0].id), eq(boletoHistorico.para, 'QUITADO')));
    expect(h).toBeDefined();
    // the sweep's two steps, run here directly
    await solicitarExclusoes(t.database.db, systemClock);
    await executarExclusoes(t.database.db, localBureau(), systemClock);
    expect(await inclusao(id)).toMatchObject({ status: 'ATIVA', exclusao_solicitada_em: null });
  });
});
