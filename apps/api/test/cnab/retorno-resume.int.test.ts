import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { backgroundJob, boleto, retorno, retornoItem } from '../../src/db/schema/index.js';
import { applyRetornoHooks } from '../../src/modules/cnab/apply-retorno.js';
import { bankAnswer, createCnabTestApp, download, gerarRemessa, historyCount, post, releasedBoletos, uploadRetorno, waitForRetorno, type CnabTestApp } from './support.js';

/**
 * The apply job stopped midway — the server shut down while it held a batch, or the run broke with
 * an error — resumes from its last checkpoint, and no title is applied twice: one history row per
 * boleto, one retorno_item per line, counters equal to the file.
 */
let t: CnabTestApp;
beforeAll(async () => {
  t = await createCnabTestApp();
});
afterAll(async () => t?.close());
afterEach(() => {
  delete applyRetornoHooks.beforeBatch;
  delete applyRetornoHooks.batchSize;
});

async function previewed(n: number) {
  const boletos = await releasedBoletos(t, Array.from({ length: n }, (_, i) => 1000 + i));
  const { remessa } = await gerarRemessa(t);
  const answer = await bankAnswer(await download(t, remessa.link), { fileNumber: Date.now() % 100000 });
  const up = await uploadRetorno(t, `resume-${Date.now()}.ret`, answer);
  const id = up.json().data.id as number;
  await waitForRetorno(t.db, id, (r) => r.status === 'PRONTO');
  return { id, boletos };
}

async function expectAppliedOnce(id: number, boletos: { id: number }[]) {
  const done = await waitForRetorno(t.db, id, (r) => r.status === 'PROCESSADO', 30_000);
  expect(done).toMatchObject({ quantidade_entrada: boletos.length, quantidade_processada: boletos.length, quantidade_ja_aplicado: 0 });
  const itens = await t.db.select({ linha: retornoItem.linha, resultado: retornoItem.resultado }).from(retornoItem).where(eq(retornoItem.retorno_id, id));
  expect(itens).toHaveLength(boletos.length);
  expect(new Set(itens.map((i) => i.linha)).size).toBe(boletos.length);
  expect(itens.every((i) => i.resultado === 'APLICADO')).toBe(true);
  for (const b of boletos) expect(await historyCount(t.db, b.id, 'GARANTIDO')).toBe(1);
  const rows = await t.db.select({ situacao: boleto.situacao }).from(boleto).where(inArray(boleto.id, boletos.map((b) => b.id)));
  expect(rows.every((r) => r.situacao === 'GARANTIDO')).toBe(true);
  return done;
}

describe('apply job resumed', () => {
  it('after a shutdown in the middle of a batch, the next server resumes from the checkpoint', async () => {
    const { id, boletos } = await previewed(10);
    applyRetornoHooks.batchSize = 3;
    let reached!: () => void;
    const atBatch = new Promise<void>((resolve) => (reached = resolve));
    applyRetornoHooks.beforeBatch = async (ctx, index) => {
      if (index !== 2 || ctx.attempt !== 1) return;
      reached();
      // a well-behaved handler leaves as soon as the server asks it to stop
      await new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)));
    };
    expect((await post(t, `/api/retorno/aplicar/${id}`)).statusCode).toBe(200);
    await atBatch;
    await t.app.close();
    const [mid] = await t.db.select().from(retorno).where(eq(retorno.id, id));
    expect(mid).toMatchObject({ status: 'APLICANDO', quantidade_processada: 6 });
    const [job] = await t.db.select().from(backgroundJob).where(eq(backgroundJob.id, mid.aplicacao_job_id!));
    expect(job).toMatchObject({ status: 'queued', checkpoint: { line: expect.any(Number) } });

    await t.reopen();
    await expectAppliedOnce(id, boletos);
    const [after] = await t.db.select().from(backgroundJob).where(eq(backgroundJob.id, mid.aplicacao_job_id!));
    expect(after).toMatchObject({ status: 'done', attempt: 2 });
  });

  it('after a run that broke midway, the retry resumes from the checkpoint', async () => {
    const { id, boletos } = await previewed(7);
    applyRetornoHooks.batchSize = 2;
    applyRetornoHooks.beforeBatch = (ctx, index) => {
      if (index === 1 && ctx.attempt === 1) throw new Error('conexão perdida (simulada)');
    };
    expect((await post(t, `/api/retorno/aplicar/${id}`)).statusCode).toBe(200);
    await expectAppliedOnce(id, boletos);
    const [r] = await t.db.select().from(retorno).where(eq(retorno.id, id));
    const [job] = await t.db.select().from(backgroundJob).where(eq(backgroundJob.id, r.aplicacao_job_id!));
    expect(job).toMatchObject({ status: 'done', attempt: 2, failures: 1 });
  }, 40_000);
});
