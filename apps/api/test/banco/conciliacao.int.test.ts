import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBbRegistroBody, cnabAccountFromConta, todayInSaoPaulo } from '@bg/domain';
import type { BankAdapter } from '../../src/adapters/bank/bank-adapter.js';
import { auditLog, bancoDivergencia, bancoRegistro, bancoWebhook, boleto, ledgerTransaction, retornoItem } from '../../src/db/schema/index.js';
import { changeSituacao } from '../../src/modules/boletos/change-situacao.js';
import { conciliarConta } from '../../src/modules/banco/conciliar.js';
import { recordDivergencia } from '../../src/modules/banco/process-webhook.js';
import { syncConta } from '../../src/modules/banco/sync-conta.js';
import type { ContaCobrancaRow } from '../../src/modules/conta-cobranca/insert-conta-cobranca.js';
import type { BankServices } from '../../src/services.js';
import { apiConta, BB_CONVENIO, bbConta, createBankTestApp, startSandbox } from './support.js';
import { bankAnswer, get, nonAdminTokens, post, releasedBoletos, uploadRetorno, waitForJob, waitForRetorno, type CnabTestApp } from '../cnab/support.js';

/**
 * Conciliação (issue 26, docs/banks.md): the daily reconciliation of a conta by Banco do Brasil's API
 * against the local sandbox over real HTTP — each finding, the payment applied at once (and the same
 * payment by webhook and by CNAB retorno afterwards changing nothing), each one-click resolution,
 * repeat and concurrency safety, a bank without a listing, the list, the job on demand and Início.
 */
const CLIENT = { clientId: 'cliente-conc', clientSecret: 'segredo-da-conciliacao-1', appKey: 'chave-da-conciliacao-2' };

let t: CnabTestApp;
let sandbox: FastifyInstance;
let sandboxUrl: string;
let appUrl: string;
let conta: ContaCobrancaRow;
let bank: BankServices;
let webhookPath = '';

const sandboxCall = async (path: string, body?: object) => {
  const res = await fetch(`${sandboxUrl}${path}`, { method: body ? 'POST' : 'GET', headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> };
};
/** BB's own API on the sandbox (what another system registering at the bank would do). */
const bbApi = async (method: string, path: string, body?: unknown) => {
  const tok = await fetch(`${sandboxUrl}/bb/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'cobrancas.boletos-requisicao cobrancas.boletos-info' }).toString(),
  });
  const token = ((await tok.json()) as { access_token: string }).access_token;
  const res = await fetch(`${sandboxUrl}/bb/cobrancas/v2${path}?gw-dev-app-key=${CLIENT.appKey}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
  return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> };
};
const registro = async (boletoId: number) => (await t.db.select().from(bancoRegistro).where(eq(bancoRegistro.boleto_id, boletoId)))[0];
const situacao = async (boletoId: number) => (await t.db.select({ s: boleto.situacao }).from(boleto).where(eq(boleto.id, boletoId)))[0].s;
const sync = () => syncConta(t.db, bank, conta.id);
const conciliar = (opts: Parameters<typeof conciliarConta>[3] = {}) => conciliarConta(t.db, bank, conta.id, opts);
const findings = (numero: string) => t.db.select().from(bancoDivergencia).where(eq(bancoDivergencia.numero_banco, numero)).orderBy(bancoDivergencia.id);
const openFinding = async (numero: string) => (await findings(numero)).filter((f) => f.estado === 'ABERTA');
const liquidacoes = (boletoId: number) => t.db.select().from(retornoItem).where(and(eq(retornoItem.boleto_id, boletoId), eq(retornoItem.movimento, '06'))).orderBy(retornoItem.id);
const postings = async (boletoId: number) => (await t.db.select().from(ledgerTransaction).where(sql`${ledgerTransaction.boleto_id} = ${boletoId}`)).length;
const resolver = (id: number, acao: string, token = t.admin.token) => post(t, `/api/banco/conciliacao/resolver/${id}`, token, { acao });
const until = async <T>(what: () => Promise<T | null | undefined | false>, ms = 20_000): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (v) return v;
    if (Date.now() > deadline) throw new Error('não aconteceu a tempo');
    await sleep(100);
  }
};

/** A boleto released and registered at the sandbox through the sync (GARANTIDO, REGISTRADO). */
async function registeredBoleto(valor = 20000) {
  const [b] = await releasedBoletos(t, [valor]);
  expect((await sync()).registrados).toBeGreaterThanOrEqual(1);
  const r = await registro(b.id);
  expect(r.estado).toBe('REGISTRADO');
  return { b, numero: r.numero_banco as string };
}

beforeAll(async () => {
  t = await createBankTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  appUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // no webhook from the sandbox: the reconciliation is what finds the payments here
  const started = await startSandbox({ credentials: [CLIENT], alteracaoDelayMs: 0, webhookUrl: () => null });
  sandbox = started.app;
  sandboxUrl = started.url;
  bank = t.app.services.bank;
  ({ conta, webhookPath } = await apiConta(t, bbConta(), sandboxUrl, CLIENT));
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
  await t?.close();
});

describe('Conciliação: payments', () => {
  it('applies at once a payment the bank settled for a boleto open here; the same payment by webhook and by CNAB retorno later changes nothing', async () => {
    const { b, numero } = await registeredBoleto(31000);
    const paid = await sandboxCall(`/bb/sandbox/boletos/${numero}/pagar`, { canal: 'PIX' });
    expect(paid.status).toBe(200);
    expect(await situacao(b.id)).toBe('GARANTIDO');

    const run = await conciliar();
    expect(run?.erro).toBeNull();
    expect(run?.pagamentos_aplicados).toBe(1);
    expect(await situacao(b.id)).toBe('LIQUIDADO');
    const [liq] = await liquidacoes(b.id);
    expect(liq).toMatchObject({ resultado: 'APLICADO', canal: 'PIX' });
    const posted = await postings(b.id);
    expect(posted).toBeGreaterThanOrEqual(1);
    expect(await openFinding(numero)).toEqual([]);

    // the reconciliation again: nothing new
    const again = await conciliar();
    expect(again?.pagamentos_aplicados).toBe(0);
    expect(await liquidacoes(b.id)).toHaveLength(1);

    // the bank's baixa operacional webhook of the same payment, late: JA_APLICADO, no money posted again
    const hook = await fetch(`${appUrl}${webhookPath}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify([paid.json.pagamento]) });
    expect(hook.status).toBe(200);
    await until(async () => (await t.db.select().from(bancoWebhook).where(eq(bancoWebhook.status, 'PROCESSADO'))).length >= 1);
    expect((await liquidacoes(b.id)).map((i) => i.resultado)).toEqual(['APLICADO', 'JA_APLICADO']);
    expect(await postings(b.id)).toBe(posted);

    // and the CNAB retorno of the same payment
    const file = await bankAnswer(Buffer.alloc(0), {
      account: cnabAccountFromConta(bbConta()),
      extra: [{ ourNumber: String(b.nosso_numero), documentNumber: 'X', dueDate: b.vencimento, amountCents: 31000, occurrenceDate: liq.data_ocorrencia as string, movement: '06', paidCents: 31000, creditDate: liq.data_credito }],
    });
    const up = await uploadRetorno(t, 'retorno-conciliacao.ret', file);
    expect(up.statusCode, up.body).toBe(200);
    const id = up.json().data.id;
    await waitForRetorno(t.db, id, (x) => x.status === 'PRONTO');
    expect((await post(t, `/api/retorno/aplicar/${id}`)).statusCode).toBe(200);
    await waitForRetorno(t.db, id, (x) => x.status === 'PROCESSADO');
    expect((await t.db.select().from(retornoItem).where(eq(retornoItem.retorno_id, id))).map((i) => i.resultado)).toEqual(['JA_APLICADO']);
    expect(await postings(b.id)).toBe(posted);
  }, 60_000);

  it('records PAGAMENTO_NAO_APLICADO when the situação refuses the payment; Aplicar is refused, Descartar closes it once', async () => {
    const { b, numero } = await registeredBoleto(22000);
    // written off here (the customer paid the shop) before the bank heard of it, then paid at the bank
    await t.db.transaction((tx) => changeSituacao(tx, b.id, 'baixar', { id: t.admin.id, ip: null }, 'teste'));
    await t.db.transaction((tx) => changeSituacao(tx, b.id, 'confirmarBaixa', { id: t.admin.id, ip: null }, 'teste'));
    expect((await sandboxCall(`/bb/sandbox/boletos/${numero}/pagar`, {})).status).toBe(200);

    await conciliar();
    const [f] = await openFinding(numero);
    expect(f).toMatchObject({ tipo: 'PAGAMENTO_NAO_APLICADO', boleto_id: b.id });
    expect(await situacao(b.id)).toBe('BAIXADO');
    expect(await liquidacoes(b.id)).toEqual([]);
    // found again the next day: still one open finding
    await conciliar();
    expect(await openFinding(numero)).toHaveLength(1);

    const list = await get(t, '/api/banco/conciliacao?per_page=100');
    expect(list.statusCode).toBe(200);
    const shown = list.json().data.find((d: { id: number }) => d.id === f.id);
    expect(shown).toMatchObject({ descricao: 'Pago no banco, não liquidado aqui', acoes: ['APLICAR_PAGAMENTO', 'DESCARTAR'], estado: 'ABERTA' });
    expect(shown.detalhe).toMatchObject({ valor_pago: 220, valor_titulo: 220, situacao_aqui: 'BAIXADO' });

    const refused = await resolver(f.id, 'APLICAR_PAGAMENTO');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toMatch(/O boleto está BAIXADO/);
    expect(await liquidacoes(b.id)).toEqual([]);
    // an action that does not fit the finding
    expect((await resolver(f.id, 'MARCAR_REGISTRADO')).statusCode).toBe(409);

    const done = await resolver(f.id, 'DESCARTAR');
    expect(done.statusCode, done.body).toBe(200);
    const [closed] = await findings(numero);
    expect(closed).toMatchObject({ estado: 'RESOLVIDA', resolvida_por: t.admin.id });
    expect(closed.resolucao).toMatch(/^Descartada por /);
    const again = await resolver(f.id, 'DESCARTAR');
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('Esta diferença já foi resolvida.');
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'banco.conciliacao.resolver'), eq(auditLog.entity_id, String(f.id))));
    expect(audits).toHaveLength(1);
  }, 30_000);

  it('Aplicar pagamento applies the bank\'s settlement once, even clicked twice at the same time; refused while the bank says it is not paid', async () => {
    const { b, numero } = await registeredBoleto(18000);
    // a finding of this kind (the webhook records it too) for a boleto still payable here
    await recordDivergencia(t.db, conta.id, b.id, numero, 'PAGAMENTO_NAO_APLICADO', { origem: 'teste' });
    const [f] = await openFinding(numero);

    const notPaid = await resolver(f.id, 'APLICAR_PAGAMENTO');
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().msg).toMatch(/não informa mais pagamento/);
    expect((await openFinding(numero))).toHaveLength(1);

    expect((await sandboxCall(`/bb/sandbox/boletos/${numero}/pagar`, { canal: 'INTERNET' })).status).toBe(200);
    const [one, two] = await Promise.all([resolver(f.id, 'APLICAR_PAGAMENTO'), resolver(f.id, 'APLICAR_PAGAMENTO')]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    expect(await situacao(b.id)).toBe('LIQUIDADO');
    const items = await liquidacoes(b.id);
    expect(items.map((i) => i.resultado)).toEqual(['APLICADO']);
    const [closed] = await findings(numero);
    expect(closed.estado).toBe('RESOLVIDA');
    expect(closed.resolucao).toMatch(/^Pagamento aplicado por /);
  }, 30_000);
});

describe('Conciliação: registrations and titles', () => {
  it('REGISTRO_NAO_CONFIRMADO for a registration the bank holds and we never heard back of; Marcar registrado confirms it with the bank\'s lines', async () => {
    const [b] = await releasedBoletos(t, [14000]);
    // the bank registers it but its answer is lost
    await sandboxCall('/bb/sandbox/falhas', { rota: 'registrar', tipo: 'timeout', vezes: 1, aposProcessar: true, atrasoMs: 3000 });
    expect((await sync()).falhas).toBe(1);
    let r = await registro(b.id);
    expect(r.estado).toBe('ENVIANDO');
    const numero = r.numero_banco as string;
    // a registration just sent may still be answered: not a finding yet
    await conciliar();
    expect(await openFinding(numero)).toEqual([]);
    await t.db.update(bancoRegistro).set({ enviado_em: sql`now() - interval '20 minutes'` }).where(eq(bancoRegistro.boleto_id, b.id));
    await conciliar();
    const [f] = await openFinding(numero);
    expect(f).toMatchObject({ tipo: 'REGISTRO_NAO_CONFIRMADO', boleto_id: b.id });

    const list = (await get(t, '/api/banco/conciliacao?per_page=100')).json().data;
    expect(list.find((d: { id: number }) => d.id === f.id).acoes).toEqual(['MARCAR_REGISTRADO', 'DESCARTAR']);
    const done = await resolver(f.id, 'MARCAR_REGISTRADO');
    expect(done.statusCode, done.body).toBe(200);
    r = await registro(b.id);
    expect(r.estado).toBe('REGISTRADO');
    expect(r.linha_digitavel).toMatch(/^\d{47}$/);
    expect(await situacao(b.id)).toBe('GARANTIDO');
    const entradas = await t.db.select().from(retornoItem).where(and(eq(retornoItem.boleto_id, b.id), eq(retornoItem.movimento, '02')));
    expect(entradas.map((e) => e.resultado)).toEqual(['APLICADO']);
    expect((await resolver(f.id, 'MARCAR_REGISTRADO')).statusCode).toBe(409);
    await sleep(3200); // the sandbox's held answer goes away before the next test
  }, 30_000);

  it('resolves a finding by itself once it no longer holds ("Resolvida pela conciliação de DD/MM")', async () => {
    const [b] = await releasedBoletos(t, [14500]);
    await sandboxCall('/bb/sandbox/falhas', { rota: 'registrar', tipo: 'timeout', vezes: 1, aposProcessar: true, atrasoMs: 3000 });
    expect((await sync()).falhas).toBe(1);
    const numero = (await registro(b.id)).numero_banco as string;
    await t.db.update(bancoRegistro).set({ enviado_em: sql`now() - interval '20 minutes'` }).where(eq(bancoRegistro.boleto_id, b.id));
    await conciliar();
    expect((await openFinding(numero)).map((f) => f.tipo)).toEqual(['REGISTRO_NAO_CONFIRMADO']);
    // the sync's own retry asks the bank and confirms it
    await sleep(3200);
    await t.db.update(bancoRegistro).set({ proxima_tentativa: sql`now()` }).where(eq(bancoRegistro.boleto_id, b.id));
    expect((await sync()).registrados).toBe(1);
    const run = await conciliar();
    expect(run?.resolvidas).toBeGreaterThanOrEqual(1);
    const [f] = await findings(numero);
    const hoje = todayInSaoPaulo();
    expect(f).toMatchObject({ estado: 'RESOLVIDA', resolucao: `Resolvida pela conciliação de ${hoje.slice(8, 10)}/${hoje.slice(5, 7)}`, resolvida_por: null });
  }, 30_000);

  it('DESCONHECIDO_NO_BANCO for one registered here the bank does not know; Reenviar sends it again (asking first) and the next run resolves it', async () => {
    const [b] = await releasedBoletos(t, [16000]);
    await t.db.transaction(async (tx) => {
      await changeSituacao(tx, b.id, 'remessa', { id: t.admin.id, ip: null }, 'teste');
      await changeSituacao(tx, b.id, 'confirmarEntrada', { id: t.admin.id, ip: null }, 'teste');
    });
    const numero = `000${BB_CONVENIO}${String(b.nosso_numero).padStart(10, '0')}`;
    await t.db.insert(bancoRegistro).values({ boleto_id: b.id, conta_cobranca_id: conta.id, estado: 'REGISTRADO', numero_banco: numero, registrado_em: new Date(), valor_enviado: '160.00', vencimento_enviado: b.vencimento });

    await conciliar();
    const [f] = await openFinding(numero);
    expect(f).toMatchObject({ tipo: 'DESCONHECIDO_NO_BANCO', boleto_id: b.id });
    const shown = (await get(t, '/api/banco/conciliacao?per_page=100')).json().data.find((d: { id: number }) => d.id === f.id);
    expect(shown).toMatchObject({ descricao: 'Registrado aqui, o banco não conhece', acoes: ['REENVIAR_REGISTRO', 'DESCARTAR'] });

    const done = await resolver(f.id, 'REENVIAR_REGISTRO');
    expect(done.statusCode, done.body).toBe(200);
    expect((await registro(b.id)).estado).toBe('ENVIANDO');
    expect((await sync()).registrados).toBe(1);
    expect((await registro(b.id)).estado).toBe('REGISTRADO');
    expect(await situacao(b.id)).toBe('GARANTIDO');
    expect((await sandboxCall(`/bb/sandbox/boletos/${numero}`)).status).toBe(200);
    await conciliar();
    expect(await openFinding(numero)).toEqual([]);
  }, 30_000);

  it('NAO_ENCONTRADO_AQUI for a title of the conta at the bank that is no boleto here; only Descartar', async () => {
    const body = buildBbRegistroBody({
      numeroConvenio: BB_CONVENIO, numeroCarteira: '17', numeroVariacaoCarteira: '35', sequencial: 9_000_001, dataEmissao: todayInSaoPaulo(), dataVencimento: '2027-03-10', valorCents: 5000, seuNumero: 'FORA-1',
      pagador: { documento: '98959112000179', nome: 'LIVRARIA CUNHA DA CUNHA', endereco: 'RUA SEM NOME, 1', cep: '70675727', cidade: 'BRASILIA', bairro: 'SIA', uf: 'DF' }, multaBps: 200, pix: false,
    });
    const reg = await bbApi('POST', '/boletos', body);
    expect(reg.status, JSON.stringify(reg.json)).toBeLessThan(300);
    const numero = reg.json.numero as string;
    await conciliar();
    const [f] = await openFinding(numero);
    expect(f).toMatchObject({ tipo: 'NAO_ENCONTRADO_AQUI', boleto_id: null });
    const shown = (await get(t, '/api/banco/conciliacao?per_page=100')).json().data.find((d: { id: number }) => d.id === f.id);
    expect(shown).toMatchObject({ descricao: 'No banco, sem boleto aqui', acoes: ['DESCARTAR'] });
    expect((await resolver(f.id, 'APLICAR_PAGAMENTO')).statusCode).toBe(409);
    expect((await resolver(f.id, 'DESCARTAR')).statusCode).toBe(200);
    // dismissed: found again on the next run, as a new open finding (the bank still has it)
    await conciliar();
    expect(await openFinding(numero)).toHaveLength(1);
  }, 30_000);

  it('BAIXA_NAO_APLICADA for a title written off at the bank that is open here', async () => {
    const { b, numero } = await registeredBoleto(17000);
    const baixa = await bbApi('POST', `/boletos/${numero}/baixar`, { numeroConvenio: Number(BB_CONVENIO) });
    expect(baixa.status, JSON.stringify(baixa.json)).toBe(200);
    await conciliar();
    const [f] = await openFinding(numero);
    expect(f).toMatchObject({ tipo: 'BAIXA_NAO_APLICADA', boleto_id: b.id });
    expect(await situacao(b.id)).toBe('GARANTIDO');
    expect((await get(t, '/api/banco/conciliacao?per_page=100')).json().data.find((d: { id: number }) => d.id === f.id)).toMatchObject({ descricao: 'Baixado no banco, em aberto aqui', acoes: ['DESCARTAR'] });
  }, 30_000);

  it('is repeat-safe: a second run finds nothing new and writes no movement', async () => {
    await conciliar();
    const before = { findings: (await t.db.select().from(bancoDivergencia)).length, items: (await t.db.select().from(retornoItem)).length };
    const run = await conciliar();
    expect(run).toMatchObject({ novas: 0, pagamentos_aplicados: 0, erro: null });
    expect((await t.db.select().from(bancoDivergencia)).length).toBe(before.findings);
    expect((await t.db.select().from(retornoItem)).length).toBe(before.items);
  }, 30_000);

  it('a bank that is down: the run says so and makes or resolves no finding', async () => {
    const open = (await t.db.select().from(bancoDivergencia).where(eq(bancoDivergencia.estado, 'ABERTA'))).length;
    await sandboxCall('/bb/sandbox/falhas', { rota: 'listar', tipo: 'indisponivel', vezes: 1 });
    const run = await conciliar();
    expect(run?.erro).toMatch(/indisponível/);
    expect((await t.db.select().from(bancoDivergencia).where(eq(bancoDivergencia.estado, 'ABERTA'))).length).toBe(open);
  }, 30_000);
});

describe('Conciliação: a bank without a listing', () => {
  it('asks for each open registered title, a bounded number per run, the ones checked longest ago first', async () => {
    // the same BB adapter over HTTP without its listing: how a bank like Caixa is reconciled
    const realFor = bank.adapters.for.bind(bank.adapters);
    const noListing: BankServices = {
      ...bank,
      adapters: {
        for(cfg) {
          const { listTitles: _omit, ...rest }: BankAdapter = realFor(cfg);
          return rest;
        },
      },
    };
    const { b, numero } = await registeredBoleto(19000);
    expect((await sandboxCall(`/bb/sandbox/boletos/${numero}/pagar`, {})).status).toBe(200);
    const open = await t.db.select({ n: sql<number>`count(*)::int` }).from(bancoRegistro).innerJoin(boleto, eq(boleto.id, bancoRegistro.boleto_id))
      .where(and(eq(bancoRegistro.conta_cobranca_id, conta.id), sql`${bancoRegistro.estado} in ('REGISTRADO','ENVIANDO')`, sql`${boleto.situacao} in ('ENVIADO PARA REGISTRO','GARANTIDO','QUITADO','DISPONÍVEL PARA PAGAMENTO')`));
    const total = Number(open[0].n);
    expect(total).toBeGreaterThanOrEqual(2);
    // every title but this one was checked (just now); this one never: it goes first
    await t.db.update(bancoRegistro).set({ conciliado_em: sql`now()` }).where(eq(bancoRegistro.conta_cobranca_id, conta.id));
    await t.db.update(bancoRegistro).set({ conciliado_em: null }).where(eq(bancoRegistro.boleto_id, b.id));
    const run = await conciliarConta(t.db, noListing, conta.id, { consultas: 1 });
    expect(run).toMatchObject({ consultados: 1, pagamentos_aplicados: 1, erro: null });
    expect(await situacao(b.id)).toBe('LIQUIDADO');
    expect((await registro(b.id)).conciliado_em).not.toBeNull();
  }, 30_000);
});

describe('Conciliação: routes, job and Início', () => {
  it('is for administradores only', async () => {
    const { usuario, franqueado } = await nonAdminTokens(t);
    for (const token of [usuario, franqueado]) {
      expect((await get(t, '/api/banco/conciliacao', token)).statusCode).toBe(403);
      expect((await post(t, '/api/banco/conciliacao/executar', token)).statusCode).toBe(403);
      expect((await resolver(1, 'DESCARTAR', token)).statusCode).toBe(403);
    }
    expect((await resolver(999_999, 'DESCARTAR')).statusCode).toBe(404);
  });

  it('lists resolved findings apart, without actions', async () => {
    const res = await get(t, '/api/banco/conciliacao?estado=RESOLVIDA&per_page=100');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { estado: string; acoes: string[]; resolucao: string }[];
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((d) => d.estado === 'RESOLVIDA' && d.acoes.length === 0 && d.resolucao)).toBe(true);
    const other = await get(t, `/api/banco/conciliacao?conta_cobranca_id=${conta.id + 1000}`);
    expect(other.json().data).toEqual([]);
  });

  it('runs the job on demand and answers its id; Início counts the open findings and the registrations waiting', async () => {
    const res = await post(t, '/api/banco/conciliacao/executar');
    expect(res.statusCode, res.body).toBe(200);
    const job = await waitForJob(t, res.json().data.job_id);
    expect(job.status).toBe('done');
    expect(job.result.contas.find((c: { conta_cobranca_id: number }) => c.conta_cobranca_id === conta.id)).toMatchObject({ erro: null });

    // a registration waiting with the bank's error
    const [b] = await releasedBoletos(t, [11000]);
    await sandboxCall('/bb/sandbox/falhas', { rota: 'registrar', tipo: 'indisponivel', vezes: 1 });
    expect((await sync()).falhas).toBe(1);
    const resumo = (await get(t, '/api/dashboard/getResumo')).json().data;
    const abertas = (await t.db.select().from(bancoDivergencia).where(eq(bancoDivergencia.estado, 'ABERTA'))).length;
    expect(resumo.conciliacaoDiferencas).toBe(abertas);
    expect(resumo.bancoAguardando.quantidade).toBeGreaterThanOrEqual(1);
    expect(resumo.bancoAguardando.com_erro).toBeGreaterThanOrEqual(1);
    expect(resumo.bancoAguardando.mais_antigo_minutos).toBeGreaterThanOrEqual(0);
    expect((await registro(b.id)).ultimo_erro).not.toBeNull();
  }, 30_000);
});
