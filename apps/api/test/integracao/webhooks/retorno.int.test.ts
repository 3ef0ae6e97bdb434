import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, cnabAccountFromConta, readRemessa240, todayInSaoPaulo, writeRetorno240, type RemessaEntryRead } from '@bg/domain';
import { applyRetornoHooks } from '../../../src/modules/cnab/apply-retorno.js';
import { DEMO_CONTA } from '../../../src/seed/seed-boletos.js';
import { bankAnswer, createCnabTestApp, download, gerarRemessa, get, post, releasedBoletos, uploadRetorno, waitForRetorno, type CnabTestApp } from '../../cnab/support.js';

/**
 * The retorno's bulk batch (apply-batch-bulk.ts) emits the boletos' events in one statement per
 * batch, only for the shops with an endpoint that receives them: registration confirmed
 * (boleto.registrado) and paid (boleto.pago with the amount and date the bank sent).
 */
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
let t: CnabTestApp;

beforeAll(async () => {
  // the ticker is slow here: the deliveries stay pending, what this file reads is the outbox
  t = await createCnabTestApp({ webhooks: { privateUrls: true, timeoutMs: 1000, tickSeconds: 3600, retryBaseSeconds: 0 } });
});
afterAll(async () => {
  applyRetornoHooks.batchApplied = undefined;
  await t?.close();
});

async function applyFile(name: string, bytes: Buffer) {
  const up = await uploadRetorno(t, name, bytes);
  expect(up.statusCode, up.body).toBe(200);
  const { id } = up.json().data;
  await waitForRetorno(t.db, id, (r) => r.status === 'PRONTO');
  const res = await post(t, `/api/retorno/aplicar/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  await waitForRetorno(t.db, id, (r) => r.status === 'PROCESSADO');
}

const eventos = async (ids: number[]) =>
  rowsOf<{ recurso_id: number; tipo: string; sequencia: number; dados: { pagamento?: { valor: number; data: string; canal: string } } }>(
    await t.db.execute(sql`select recurso_id, tipo, sequencia, dados from integracao_evento where recurso = 'boleto' and recurso_id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) order by recurso_id, sequencia`),
  );

describe('webhook events from the retorno bulk path', () => {
  it('registration and payment of a subscribed shop\'s boletos are announced, set-based; the other shop writes nothing', async () => {
    const comHook = await releasedBoletos(t, [10000, 20000]);
    const semHook = await releasedBoletos(t, [30000]);
    const criar = await post(t, '/api/integracao/webhooks', t.admin.token, { empresa_id: comHook[0].empresa_id, url: 'http://127.0.0.1:9/hook', eventos: ['boleto.registrado', 'boleto.pago'] });
    expect(criar.statusCode, criar.body).toBe(200);
    const { remessa } = await gerarRemessa(t);
    const bytes = await download(t, remessa.link);
    const modes: string[] = [];
    applyRetornoHooks.batchApplied = (m) => void modes.push(m);

    await applyFile('ent.ret', await bankAnswer(bytes));
    expect(modes).toContain('bulk');
    const ids = [...comHook, ...semHook].map((b) => b.id);
    expect((await eventos(ids)).map((e) => [e.recurso_id, e.tipo, e.sequencia])).toEqual(comHook.map((b) => [b.id, 'boleto.registrado', 1]));

    // a liquidação of every title, each boleto once in the file (the bulk path)
    const entries: RemessaEntryRead[] = [];
    for await (const e of readRemessa240([bytes])) if (e.kind === 'entrada') entries.push(e);
    const hoje = todayInSaoPaulo();
    const pagos = writeRetorno240({
      account: cnabAccountFromConta(DEMO_CONTA),
      fileNumber: 2,
      generatedAt: new Date(),
      titles: entries.map((e) => ({ movement: '06', ourNumber: e.ourNumber, documentNumber: e.documentNumber, dueDate: e.dueDate ?? hoje, amountCents: e.amountCents, paidCents: e.amountCents + 150, interestCents: 150, feeCents: 250, occurrenceDate: hoje, creditDate: addDays(hoje, 1) })),
    });
    modes.length = 0;
    await applyFile('pag.ret', pagos);
    expect(modes).toEqual(['bulk']);
    const depois = await eventos(ids);
    const pago = depois.filter((e) => e.tipo === 'boleto.pago');
    expect(pago.map((e) => [e.recurso_id, e.sequencia])).toEqual(comHook.map((b) => [b.id, 2]));
    expect(pago[0].dados.pagamento).toEqual({ valor: 101.5, data: addDays(hoje, 1), canal: 'banco' });
    expect(depois.some((e) => e.recurso_id === semHook[0].id)).toBe(false);
    // one delivery per event for the endpoint, pending
    const entregas = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from integracao_entrega en join integracao_evento ev on ev.id = en.evento_id where ev.recurso = 'boleto' and ev.recurso_id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`));
    expect(entregas[0].n).toBe(4);
    expect((await get(t, `/api/integracao/webhooks/${criar.json().data.id}/entregas`)).json().total).toBe(4);
  });
});

describe('webhook events from Gerar Remessa', () => {
  it('a write-off of a boleto never registered, confirmed without the bank, is announced (boleto.baixado)', async () => {
    const [b] = await releasedBoletos(t, [10000], ['baixar']);
    const criar = await post(t, '/api/integracao/webhooks', t.admin.token, { empresa_id: b.empresa_id, url: 'http://127.0.0.1:9/hook', eventos: ['boleto.baixado'] });
    expect(criar.statusCode, criar.body).toBe(200);
    await gerarRemessa(t);
    const ev = await eventos([b.id]);
    expect(ev.map((e) => [e.tipo, e.sequencia])).toEqual([['boleto.baixado', 1]]);
    expect(ev[0].dados).toMatchObject({ baixa: { motivo: 'pago_a_loja' } });
  });
});
