import { and, eq, sql } from 'drizzle-orm';
import { centsToDecimalText, type CnabFileHeader, type RetornoTitle } from '@bg/domain';
import type { FileStorage } from '../../adapters/storage/file-storage.js';
import type { Tx } from '../../db/client.js';
import { boletoAvulso, retorno, retornoItem } from '../../db/schema/index.js';
import type { JobRun } from '../../jobs/index.js';
import { recordAudit } from '../audit/record-audit.js';
import { changeSituacao } from '../boletos/change-situacao.js';
import { bankPaymentOf, postRetornoLine } from '../ledger/post-retorno-line.js';
import { applyBatchInBulk } from './apply-batch-bulk.js';
import { countTitle, decideTitle, emptyTotals, JA_APLICADO_MSG, type RetornoTotals } from './decide-title.js';
import { retornoWithFile, targetOf } from './preview-retorno.js';
import { retornoLineMoney, retornoMotivo } from './retorno-line-money.js';
import { contaOfHeader, inBatches, itemValues, lookupTitles, readStoredRetorno } from './retorno-titles.js';

/** Titles per transaction: a crash loses at most one batch, which is then done again from the checkpoint. */
export const APPLY_BATCH = 500;

export type ApplyData = { retornoId: number; usuarioId: number; batchSize?: number };
export type ApplyCheckpoint = { line: number };
export type ApplyResult = { retornoId: number; titulos: number; aplicados: number; skipped?: string };

/** Test seams: called before each batch's transaction (the resume tests hold or break a run there); titleByTitle skips the bulk path and batchApplied says which path a batch took (their equivalence test). */
export const applyRetornoHooks: { batchSize?: number; beforeBatch?: (ctx: JobRun<ApplyCheckpoint>, batchIndex: number) => Promise<void> | void; titleByTitle?: boolean; batchApplied?: (mode: 'bulk' | 'titulo') => void } = {};

/**
 * Applies a previewed retorno (job cnab.retorno-aplicar), APPLY_BATCH titles per transaction. In
 * each transaction: the batch's boletos are locked, every title is recorded in retorno_item (with
 * the bank's amounts and dates) and its situação changed through the state machine, the retorno's
 * counters grow, and the checkpoint (the batch's last line) is saved — all or nothing. A run that
 * stops midway (shutdown, crash, error) resumes after the last committed batch.
 *
 * Idempotent twice over: a line is recorded once per retorno (unique (retorno_id, linha)), and a
 * movement of a title once whatever file brings it (unique (boleto, movimento, data_ocorrencia));
 * a repeated movement is recorded as JA_APLICADO and changes nothing.
 */
export async function applyRetorno(storage: FileStorage, data: ApplyData, ctx: JobRun<ApplyCheckpoint>): Promise<ApplyResult> {
  const found = await retornoWithFile(ctx.db, data.retornoId);
  if (!found || found.r.status !== 'APLICANDO') return { retornoId: data.retornoId, titulos: 0, aplicados: 0, skipped: 'não está em aplicação' };
  const { r, key } = found;
  const actor = { id: data.usuarioId, ip: null };
  const resumeAfter = ctx.lastCheckpoint?.line ?? 0;
  let header: CnabFileHeader | null = null;
  let bytes = 0;
  const titles = readStoredRetorno(storage, key, { onHeader: (h) => (header = h), onProgress: (b) => (bytes = b) });
  let conta: { id: number } | null | undefined;
  let batchIndex = 0;

  for await (const batch of inBatches(skipUntil(titles, resumeAfter), data.batchSize ?? applyRetornoHooks.batchSize ?? APPLY_BATCH)) {
    ctx.throwIfInterrupted();
    if (conta === undefined) conta = header ? await contaOfHeader(ctx.db, header) : null;
    await applyRetornoHooks.beforeBatch?.(ctx, batchIndex++);
    await ctx.db.transaction(async (tx) => {
      const totals = await applyBatch(tx, r.id, r.numero_arquivo, conta?.id ?? null, batch, actor);
      await addRetornoTotals(tx, r.id, totals);
      ctx.progress(bytes, r.tamanho_bytes, 'bytes');
      await ctx.checkpoint({ line: batch[batch.length - 1].line }, tx);
    });
  }

  return ctx.db.transaction(async (tx) => {
    const [done] = await tx
      .update(retorno)
      .set({ status: 'PROCESSADO', aplicado_em: sql`now()`, aplicado_por: data.usuarioId })
      .where(and(eq(retorno.id, r.id), eq(retorno.status, 'APLICANDO')))
      .returning();
    if (done) {
      await recordAudit(tx, actor, {
        action: 'retorno.aplicado',
        entity: 'retorno',
        entityId: r.id,
        summary: {
          titulos: done.quantidade_processada,
          liquidados: done.quantidade_liquidado,
          baixados: done.quantidade_baixa,
          entradas: done.quantidade_entrada,
          rejeitados: done.quantidade_rejeitado,
          nao_encontrados: done.quantidade_nao_encontrado,
          ja_aplicados: done.quantidade_ja_aplicado,
        },
      });
    }
    ctx.progress(r.tamanho_bytes ?? 0, r.tamanho_bytes ?? 0, 'bytes');
    const result = { retornoId: r.id, titulos: done?.quantidade_processada ?? 0, aplicados: (done?.quantidade_entrada ?? 0) + (done?.quantidade_liquidado ?? 0) + (done?.quantidade_baixa ?? 0) };
    // PROCESSADO and the job's result commit together (a run taking the job over later finds it done)
    await ctx.complete(result, tx);
    return result;
  });
}

/** Adds what a batch did to its retorno's counters (also the API's movements, modules/banco). */
export async function addRetornoTotals(tx: Tx, retornoId: number, totals: RetornoTotals): Promise<void> {
  await tx
    .update(retorno)
    .set({
      quantidade_processada: sql`${retorno.quantidade_processada} + ${totals.titulos}`,
      quantidade_entrada: sql`${retorno.quantidade_entrada} + ${totals.entrada.quantidade}`,
      total_valor_entrada: sql`${retorno.total_valor_entrada} + ${centsToDecimalText(totals.entrada.cents)}::numeric`,
      quantidade_liquidado: sql`${retorno.quantidade_liquidado} + ${totals.liquidacao.quantidade}`,
      total_valor_liquidado: sql`${retorno.total_valor_liquidado} + ${centsToDecimalText(totals.liquidacao.cents)}::numeric`,
      quantidade_baixa: sql`${retorno.quantidade_baixa} + ${totals.baixa.quantidade}`,
      total_valor_baixa: sql`${retorno.total_valor_baixa} + ${centsToDecimalText(totals.baixa.cents)}::numeric`,
      quantidade_rejeitado: sql`${retorno.quantidade_rejeitado} + ${totals.rejeitado.quantidade}`,
      quantidade_nao_encontrado: sql`${retorno.quantidade_nao_encontrado} + ${totals.nao_encontrado.quantidade}`,
      quantidade_ja_aplicado: sql`${retorno.quantidade_ja_aplicado} + ${totals.ja_aplicado.quantidade}`,
    })
    .where(eq(retorno.id, retornoId));
}

async function* skipUntil(titles: AsyncIterable<RetornoTitle>, line: number): AsyncGenerator<RetornoTitle> {
  for await (const t of titles) if (t.line > line) yield t;
}

/** One batch in the caller's transaction; answers what it counted (only titles recorded now). Also the path of the bank API's movements (modules/banco/apply-bank-movements.ts). */
export async function applyBatch(tx: Tx, retornoId: number, numeroArquivo: number | null, contaId: number | null, batch: RetornoTitle[], actor: { id: number | null; ip: null }): Promise<RetornoTotals> {
  const targets = await lookupTitles(tx, contaId, batch, true);
  // the ordinary batch in a few statements, its money posted at once; title by title when a target repeats or a line was seen
  const bulk = applyRetornoHooks.titleByTitle ? null : await applyBatchInBulk(tx, retornoId, numeroArquivo, contaId, batch, targets, actor);
  applyRetornoHooks.batchApplied?.(bulk ? 'bulk' : 'titulo');
  if (bulk) return bulk;
  const totals = emptyTotals();
  const agora = new Map<string, string | null>();
  for (const t of batch) {
    const target = targetOf(targets, t);
    const id = target ? `${target.kind}:${target.id}` : '';
    const current = target ? (agora.has(id) ? (agora.get(id) ?? null) : target.situacao) : null;
    const decision = decideTitle(t, target, current, false, contaId !== null);
    const values = {
      ...itemValues(retornoId, t),
      boleto_id: target?.kind === 'boleto' ? target.id : null,
      boleto_avulso_id: target?.kind === 'avulso' ? target.id : null,
      resultado: decision.resultado,
      situacao_de: decision.de,
      situacao_para: decision.para,
      mensagem: decision.mensagem,
    };
    const inserted = await tx.insert(retornoItem).values(values).onConflictDoNothing().returning({ id: retornoItem.id });
    if (!inserted.length) {
      if (!target) continue; // this line was recorded by an earlier run
      // the movement is in the ledger already (an earlier file, or earlier in this one): say so, change nothing
      const echo = await tx
        .insert(retornoItem)
        .values({ ...values, resultado: 'JA_APLICADO', situacao_para: null, mensagem: JA_APLICADO_MSG })
        .onConflictDoNothing()
        .returning({ id: retornoItem.id });
      if (echo.length) countTitle(totals, t, { ...decision, resultado: 'JA_APLICADO' });
      continue;
    }
    countTitle(totals, t, decision);
    if (!target) continue;
    // the money of the line, in this transaction (decision 109): a liquidação with its situação
    // change, anything else the bank credited or charged on its own
    const payment = bankPaymentOf(t, Number(inserted[0].id));
    const { liquidates, money } = retornoLineMoney(t, target, decision, payment, retornoId);
    if (money) await postRetornoLine(tx, money);
    if (!decision.para) continue;
    const motivo = retornoMotivo(retornoId, numeroArquivo, t);
    if (target.kind === 'boleto' && decision.action) {
      await changeSituacao(tx, target.id, decision.action, actor, motivo, {}, liquidates ? { pagamento: payment } : {});
    } else if (target.kind === 'avulso') {
      const moved = await tx
        .update(boletoAvulso)
        .set({ situacao: decision.para as typeof target.situacao, updated_at: sql`now()` })
        .where(and(eq(boletoAvulso.id, target.id), eq(boletoAvulso.situacao, current as typeof target.situacao)))
        .returning({ id: boletoAvulso.id });
      if (moved.length) await recordAudit(tx, actor, { action: 'boletoAvulso.retorno', entity: 'boleto_avulso', entityId: target.id, summary: { de: current, para: decision.para, motivo } });
    }
    agora.set(id, decision.para);
  }
  return totals;
}
