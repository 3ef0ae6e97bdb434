import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnabAccountFromConta } from '@bg/domain';
import { bancoComunicacao, bancoRegistro, bancoWebhook, boleto, contaCobranca, ledgerTransaction, retornoItem } from '../../src/db/schema/index.js';
import type { ContaCobrancaRow } from '../../src/modules/conta-cobranca/insert-conta-cobranca.js';
import { syncConta } from '../../src/modules/banco/sync-conta.js';
import { processWebhook } from '../../src/modules/banco/process-webhook.js';
import { slipsOf } from '../../src/modules/boletos/slip-source.js';
import { buildSlip } from '../../src/modules/boletos/number-boletos.js';
import { pixPayload } from '../../src/pdf/slip.js';
import type { BankServices } from '../../src/services.js';
import { bankAnswer, get, post, releasedBoletos, uploadRetorno, waitForRetorno, type CnabTestApp } from '../cnab/support.js';
import { apiConta, BB_CONVENIO, bbConta, createBankTestApp, startSandbox } from './support.js';

/**
 * The whole loop of a conta that works by Banco do Brasil's API (issue 26), against the local
 * sandbox over real HTTP: release → registered → printable → paid by the sandbox → webhook →
 * LIQUIDADO with its ledger posting; the same payment again by webhook and by a CNAB retorno
 * changes nothing; a registration whose answer was lost is queried, never sent twice; a bank that
 * is down leaves the work queued; a change before the bank's 30 minutes waits.
 */
const CLIENT = { clientId: 'cliente-bg', clientSecret: 'segredo-do-cliente-123', appKey: 'chave-da-aplicacao-456' };

let t: CnabTestApp;
let sandbox: FastifyInstance;
let sandboxUrl: string;
let appUrl: string;
let conta: ContaCobrancaRow;
let bank: BankServices;
let webhookPath = '';
/** The sandbox's clock runs ahead by this much (its own 30-minute rule for changes). */
let sandboxAhead = 0;

const sandboxCall = async (path: string, body?: object) => {
  const res = await fetch(`${sandboxUrl}${path}`, { method: body ? 'POST' : 'GET', headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  return { status: res.status, json: (await res.json().catch(() => null)) as unknown };
};
const collect = async <T>(it: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
};
const registro = async (boletoId: number) => (await t.db.select().from(bancoRegistro).where(eq(bancoRegistro.boleto_id, boletoId)))[0];
const situacao = async (boletoId: number) => (await t.db.select({ s: boleto.situacao }).from(boleto).where(eq(boleto.id, boletoId)))[0].s;
const sync = () => syncConta(t.db, bank, conta.id);
const until = async <T>(what: () => Promise<T | null | undefined | false>, ms = 20_000): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (v) return v;
    if (Date.now() > deadline) throw new Error('não aconteceu a tempo');
    await sleep(100);
  }
};

beforeAll(async () => {
  t = await createBankTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  appUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const started = await startSandbox({ credentials: [CLIENT], alteracaoDelayMs: 30 * 60_000, now: () => new Date(Date.now() + sandboxAhead), webhookUrl: () => `${appUrl}${webhookPath}`, webhookRetryDelaysMs: [100, 200] });
  sandbox = started.app;
  sandboxUrl = started.url;
  bank = t.app.services.bank;
  // the BB conta becomes the active one, then the admin switches it to API mode through the route
  const switched = await apiConta(t, bbConta(), sandboxUrl, CLIENT);
  conta = switched.conta;
  webhookPath = switched.webhookPath;
  expect(switched.answer).toMatchObject({ modo: 'API', tem_client_secret: true, tem_app_key: true });
  expect(JSON.stringify(switched.answer)).not.toContain(CLIENT.clientSecret);
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
  await t?.close();
});

describe('a conta by Banco do Brasil API', () => {
  it('lists the contas with their mode and never a secret', async () => {
    const res = await get(t, '/api/contaCobranca/getAll');
    expect(res.statusCode).toBe(200);
    const mine = res.json().data.find((c: { id: number }) => c.id === conta.id);
    expect(mine).toMatchObject({ banco: '001', modo: 'API', variacao_carteira: '35' });
    expect(res.body).not.toContain(CLIENT.clientSecret);
    expect(res.body).not.toContain(CLIENT.appKey);
    const [row] = await t.db.select().from(contaCobranca).where(eq(contaCobranca.id, conta.id));
    expect(row.api_segredos).not.toContain(CLIENT.clientSecret);
  });

  it('refuses Gerar Remessa while the active conta works by API', async () => {
    const res = await post(t, '/api/boleto/gerarRemessa');
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toMatch(/trabalha pela API do banco/);
  });

  it('registers a released boleto, prints it only after the bank confirmed, and settles the sandbox payment from the webhook', async () => {
    const [b] = await releasedBoletos(t, [31000]);
    // not printable before the bank confirmed
    const early = await get(t, `/api/boleto/getBoleto/${b.id}`);
    expect(early.statusCode).toBe(409);
    expect(early.json().msg).toMatch(/Aguardando registro no banco/);

    const result = await sync();
    expect(result.registrados).toBe(1);
    expect(await situacao(b.id)).toBe('GARANTIDO');
    const r = await registro(b.id);
    expect(r).toMatchObject({ estado: 'REGISTRADO', numero_banco: `000${BB_CONVENIO}${String(b.nosso_numero).padStart(10, '0')}` });
    expect(r.linha_digitavel).toMatch(/^\d{47}$/);

    // what the bank answered, secrets masked
    const calls = await t.db.select().from(bancoComunicacao).where(eq(bancoComunicacao.boleto_id, b.id));
    expect(calls.map((c) => c.operacao)).toEqual(expect.arrayContaining(['token', 'registrar']));
    for (const c of calls) {
      expect(`${c.url} ${c.requisicao} ${c.resposta}`).not.toContain(CLIENT.clientSecret);
      expect(`${c.url} ${c.requisicao} ${c.resposta}`).not.toContain(CLIENT.appKey);
    }
    const shown = await get(t, `/api/banco/boleto/${b.id}`);
    expect(shown.json().data).toMatchObject({ modo: 'API', estado: 'REGISTRADO', imprimivel: true });
    expect(shown.json().data.comunicacoes.length).toBeGreaterThanOrEqual(2);

    const pdf = await get(t, `/api/boleto/getBoleto/${b.id}`);
    expect(pdf.statusCode).toBe(200);
    // the slip prints the bank's lines (equal to the ones we compute) and the bank's Pix QR
    const [slip] = await collect(slipsOf(t.db, b.garantia_id, b.id));
    expect(slip.digitableLine.replace(/\D/g, '')).toBe(r.linha_digitavel);
    expect(buildSlip(conta, Number(b.nosso_numero), 31000, b.vencimento).digitableLine.replace(/\D/g, '')).toBe(r.linha_digitavel);
    expect(r.pix_emv).toMatch(/^000201/);
    expect(pixPayload(slip)).toBe(r.pix_emv);

    // the sandbox pays it (BB's homologação simulation) and sends the baixa operacional webhook
    const paid = await sandboxCall(`/bb/sandbox/boletos/${r.numero_banco}/pagar`, { canal: 'PIX' });
    expect(paid.status).toBe(200);
    await until(async () => (await situacao(b.id)) === 'LIQUIDADO');
    const liquidacao = await t.db.select().from(retornoItem).where(and(eq(retornoItem.boleto_id, b.id), eq(retornoItem.movimento, '06')));
    expect(liquidacao).toHaveLength(1);
    expect(liquidacao[0]).toMatchObject({ resultado: 'APLICADO', canal: 'PIX' });
    const posted = await t.db.select().from(ledgerTransaction).where(sql`${ledgerTransaction.boleto_id} = ${b.id}`);
    expect(posted.length).toBeGreaterThanOrEqual(1);
    const [hook] = await t.db.select().from(bancoWebhook).orderBy(bancoWebhook.id);
    expect(hook.status).toBe('PROCESSADO');

    // the same webhook again: recorded, changes nothing
    const again = await fetch(`${appUrl}${webhookPath}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: hook.corpo });
    expect(again.status).toBe(200);
    await until(async () => (await t.db.select().from(bancoWebhook).where(eq(bancoWebhook.status, 'PROCESSADO'))).length >= 2);
    const items = await t.db.select().from(retornoItem).where(and(eq(retornoItem.boleto_id, b.id), eq(retornoItem.movimento, '06')));
    expect(items.map((i) => i.resultado).sort()).toEqual(['APLICADO', 'JA_APLICADO']);
    expect(await t.db.select().from(ledgerTransaction).where(sql`${ledgerTransaction.boleto_id} = ${b.id}`)).toHaveLength(posted.length);

    // and the CNAB retorno of the same payment, days later: JA_APLICADO, no money posted again
    const file = await bankAnswer(Buffer.alloc(0), {
      account: cnabAccountFromConta(bbConta()),
      extra: [{ ourNumber: String(b.nosso_numero), documentNumber: 'X', dueDate: b.vencimento, amountCents: 31000, occurrenceDate: liquidacao[0].data_ocorrencia as string, movement: '06', paidCents: 31000, creditDate: liquidacao[0].data_credito }],
    });
    const up = await uploadRetorno(t, 'retorno-bb.ret', file);
    expect(up.statusCode, up.body).toBe(200);
    const id = up.json().data.id;
    await waitForRetorno(t.db, id, (x) => x.status === 'PRONTO');
    expect((await post(t, `/api/retorno/aplicar/${id}`)).statusCode).toBe(200);
    await waitForRetorno(t.db, id, (x) => x.status === 'PROCESSADO');
    const fromFile = await t.db.select().from(retornoItem).where(eq(retornoItem.retorno_id, id));
    expect(fromFile.map((i) => i.resultado)).toEqual(['JA_APLICADO']);
    expect(await t.db.select().from(ledgerTransaction).where(sql`${ledgerTransaction.boleto_id} = ${b.id}`)).toHaveLength(posted.length);
  }, 60_000);

  it('refuses a webhook without the conta\'s token, and stores nothing of it', async () => {
    const before = (await t.db.select().from(bancoComunicacao)).length;
    const hooks = (await t.db.select().from(bancoWebhook)).length;
    const res = await fetch(`${appUrl}/api/banco/webhook/${conta.id}?token=errado`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[]' });
    expect(res.status).toBe(401);
    expect((await res.json()).msg).toBe('Chamada não autorizada.');
    const unknown = await fetch(`${appUrl}/api/banco/webhook/999999?token=x`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[]' });
    expect(unknown.status).toBe(401);
    expect((await t.db.select().from(bancoComunicacao)).length).toBe(before);
    expect((await t.db.select().from(bancoWebhook)).length).toBe(hooks);
  });

  it('after a registration whose answer was lost, asks the bank before sending again: one boleto at the bank', async () => {
    const [b] = await releasedBoletos(t, [12000]);
    await sandboxCall('/bb/sandbox/falhas', { rota: 'registrar', tipo: 'timeout', vezes: 1, aposProcessar: true, atrasoMs: 3000 });
    const first = await sync();
    expect(first.falhas).toBe(1);
    let r = await registro(b.id);
    expect(r.estado).toBe('ENVIANDO');
    expect(r.ultimo_erro).toMatch(/não respondeu a tempo/);
    expect(await situacao(b.id)).toBe('ENVIADO PARA REGISTRO');
    // its next try is later (backoff); bring it forward
    await t.db.update(bancoRegistro).set({ proxima_tentativa: sql`now()` }).where(eq(bancoRegistro.boleto_id, b.id));
    await sleep(3200); // the sandbox's held answer is gone
    const second = await sync();
    expect(second.registrados).toBe(1);
    r = await registro(b.id);
    expect(r.estado).toBe('REGISTRADO');
    const ops = (await t.db.select().from(bancoComunicacao).where(eq(bancoComunicacao.boleto_id, b.id))).map((c) => c.operacao);
    expect(ops.filter((o) => o === 'registrar')).toHaveLength(1);
    expect(ops).toContain('consultar');
    const state = (await sandboxCall('/bb/sandbox/boletos')).json as { numero?: string; numeroTituloCliente?: string }[] | { boletos: unknown[] };
    expect(JSON.stringify(state).split(r.numero_banco as string).length - 1).toBeGreaterThanOrEqual(1);
  }, 30_000);

  it('leaves the work queued while the bank is down and sends it when it is back', async () => {
    const [b] = await releasedBoletos(t, [15000]);
    await sandboxCall('/bb/sandbox/falhas', { rota: 'registrar', tipo: 'indisponivel', vezes: 1 });
    const first = await sync();
    expect(first.falhas).toBe(1);
    const r = await registro(b.id);
    expect(r.ultimo_erro).toMatch(/indisponível/);
    expect(r.proxima_tentativa.getTime()).toBeGreaterThan(Date.now());
    const shown = (await get(t, `/api/banco/boleto/${b.id}`)).json().data;
    expect(shown).toMatchObject({ imprimivel: false });
    expect(shown.descricao).toMatch(/Aguardando registro no banco/);
    await t.db.update(bancoRegistro).set({ proxima_tentativa: sql`now()` }).where(eq(bancoRegistro.boleto_id, b.id));
    expect((await sync()).registrados).toBe(1);
    expect(await situacao(b.id)).toBe('GARANTIDO');
  });

  it('queues a change made before the bank\'s 30 minutes and sends it after', async () => {
    const [b] = await releasedBoletos(t, [20000]);
    expect((await sync()).registrados).toBe(1);
    await t.db.update(boleto).set({ valor: '210.00' }).where(eq(boleto.id, b.id));
    const early = await sync();
    expect(early.alterados).toBe(0);
    const pending = (await get(t, `/api/banco/boleto/${b.id}`)).json().data;
    expect(pending.alteracao_pendente).toMatchObject({ valor: 210 });
    // 31 minutes later, for us and for the bank
    await t.db.update(bancoRegistro).set({ registrado_em: sql`now() - interval '31 minutes'` }).where(eq(bancoRegistro.boleto_id, b.id));
    sandboxAhead = 31 * 60_000;
    const r = await registro(b.id);
    expect((await sync()).alterados).toBe(1);
    sandboxAhead = 0;
    const after = await registro(b.id);
    expect(after).toMatchObject({ valor_enviado: '210.00', ultimo_erro: null });
    expect((await get(t, `/api/banco/boleto/${b.id}`)).json().data.alteracao_pendente).toBeNull();
    const ops = (await t.db.select().from(bancoComunicacao).where(eq(bancoComunicacao.boleto_id, b.id))).map((c) => c.operacao);
    expect(ops).toContain('alterar');
    expect(r.valor_enviado).toBe('200.00');
  });

  it('writes off at the bank what the customer paid the shop, and cancels at once what the bank never held', async () => {
    const [held] = await releasedBoletos(t, [18000]);
    await sync();
    expect(await situacao(held.id)).toBe('GARANTIDO');
    // released, cancelled before the job sent it
    const [never] = await releasedBoletos(t, [19000]);

    expect((await post(t, `/api/boleto/baixar/${held.id}`, t.admin.token, {})).statusCode).toBe(200);
    expect(await situacao(held.id)).toBe('ENVIADO PARA BAIXA');
    expect((await post(t, `/api/boleto/cancelar/${never.id}`, t.admin.token, {})).statusCode).toBe(200);

    const r = await sync();
    expect(r.baixados).toBe(1);
    expect(await situacao(held.id)).toBe('BAIXADO');
    const ops = (await t.db.select().from(bancoComunicacao).where(eq(bancoComunicacao.boleto_id, held.id))).map((c) => c.operacao);
    expect(ops).toContain('baixar');
    const atBank = (await sandboxCall('/bb/sandbox/boletos')).json;
    expect(JSON.stringify(atBank)).toContain((await registro(held.id)).numero_banco as string);
    // never registered: no call to the bank, no registration left behind
    expect(await situacao(never.id)).toMatch(/CANCELADO/);
    expect(await registro(never.id)).toBeUndefined();
    expect(await t.db.select().from(bancoComunicacao).where(eq(bancoComunicacao.boleto_id, never.id))).toHaveLength(0);
    // nothing left to do
    expect(await sync()).toMatchObject({ registrados: 0, baixados: 0, falhas: 0 });
  });

  it('a payment notice while the bank cannot answer: "Pagamento em processamento", then settled when the job runs again', async () => {
    const [b] = await releasedBoletos(t, [22000]);
    await sync();
    const r = await registro(b.id);
    const saved = webhookPath;
    webhookPath = '/nenhum-lugar'; // this payment's webhook is delivered by hand below
    let item: unknown;
    try {
      const paid = await sandboxCall(`/bb/sandbox/boletos/${r.numero_banco}/pagar`, { canal: 'AGENCIA' });
      expect(paid.status).toBe(200);
      item = (paid.json as { pagamento: unknown }).pagamento;
    } finally {
      webhookPath = saved;
    }
    const [hook] = await t.db.insert(bancoWebhook).values({ conta_cobranca_id: conta.id, corpo: JSON.stringify([item]), sha256: 'x'.repeat(64) }).returning();
    await sandboxCall('/bb/sandbox/falhas', { rota: 'consultar', tipo: 'indisponivel', vezes: 1 });
    await expect(processWebhook(t.db, bank, hook.id)).rejects.toThrow(/indisponível/);
    const during = (await get(t, `/api/banco/boleto/${b.id}`)).json().data;
    expect(during.pagamento_em_processamento).toMatchObject({ valor: expect.any(Number) });
    expect(during.descricao).toMatch(/Pagamento em processamento/);
    expect(await situacao(b.id)).toBe('GARANTIDO');
    const done = await processWebhook(t.db, bank, hook.id);
    expect(done).toMatchObject({ liquidados: 1 });
    expect(await situacao(b.id)).toBe('LIQUIDADO');
    expect((await get(t, `/api/banco/boleto/${b.id}`)).json().data.pagamento_em_processamento).toBeNull();
  });

  it('a conta switched from files to API: what a remessa sent is never written off here without the bank, and an unconfirmed entrada is asked before it is sent again', async () => {
    // sent by a remessa and confirmed by a retorno, then the customer paid the shop; and one only sent
    const [confirmed] = await releasedBoletos(t, [23000], ['remessa', 'confirmarEntrada', 'baixar']);
    const [onlySent] = await releasedBoletos(t, [24000], ['remessa']);
    expect(await situacao(confirmed.id)).toBe('ENVIADO PARA BAIXA');
    const r = await sync();
    // the bank (this sandbox) never got that remessa: the write-off is refused there and nothing is confirmed here
    expect(await situacao(confirmed.id)).toBe('ENVIADO PARA BAIXA');
    expect((await registro(confirmed.id)).estado).toBe('REGISTRADO');
    expect((await registro(confirmed.id)).ultimo_erro).toMatch(/não encontrou|recusou/);
    const ops = (await t.db.select().from(bancoComunicacao).where(eq(bancoComunicacao.boleto_id, confirmed.id))).map((c) => c.operacao);
    expect(ops).toEqual(['baixar']);
    // the one only sent: asked first (unknown), then registered by API
    expect(await situacao(onlySent.id)).toBe('GARANTIDO');
    const asked = (await t.db.select().from(bancoComunicacao).where(eq(bancoComunicacao.boleto_id, onlySent.id))).map((c) => c.operacao);
    expect(asked.slice(0, 2)).toEqual(['consultar', 'registrar']);
    expect(r.registrados).toBeGreaterThanOrEqual(1);
  });
});
