import { and, eq, sql } from 'drizzle-orm';
import { liquidacaoDraft, nextSituacao, type LedgerDraft, type RetornoTitle, type Situacao } from '@bg/domain';
import type { Tx } from '../../db/client.js';
import { auditLog, boletoAvulso, boletoHistorico, retornoItem } from '../../db/schema/index.js';
import { wrongState } from '../../errors/app-error.js';
import { recordAudit } from '../audit/record-audit.js';
import { loadBoletoContexts } from '../ledger/boleto-context.js';
import { postTransactions } from '../ledger/post-transaction.js';
import { bankPaymentOf, retornoLineDraft } from '../ledger/post-retorno-line.js';
import { countTitle, decideTitle, emptyTotals, type RetornoTotals, type TitleDecision } from './decide-title.js';
import { targetOf } from './preview-retorno.js';
import { itemValues, type TitleTarget } from './retorno-titles.js';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * One batch of a retorno applied in a handful of statements instead of ten per title (decision
 * 109's postings made the per-title path the apply job's bottleneck): the lines recorded in one
 * INSERT, the boletos' situações changed in one guarded UPDATE with their history and audit records
 * in one INSERT each, and the money of the whole batch — liquidações read from the boletos'
 * positions at once, fees and créditos a classificar — posted in one postTransactions call. The
 * outcome is the per-title path's (apply-retorno.ts applyBatch): the same decisions, rows, history,
 * audit records and ledger transactions under the same keys.
 *
 * Only for the ordinary batch: every title names a different boleto or boleto avulso, and none of
 * its lines or movements is recorded yet. Answers null otherwise, having written nothing, and the
 * caller applies the batch title by title (a title's decision then depends on the one before it).
 * The caller holds the targets' row locks (lookupTitles with lock), so what it checked stays true.
 */
export async function applyBatchInBulk(
  tx: Tx,
  retornoId: number,
  numeroArquivo: number | null,
  contaId: number | null,
  batch: RetornoTitle[],
  targets: Map<number, TitleTarget>,
  actor: { id: number; ip: null },
): Promise<RetornoTotals | null> {
  const titles: { t: RetornoTitle; target: TitleTarget | undefined; decision: TitleDecision }[] = [];
  const seen = new Set<string>();
  for (const t of batch) {
    const target = targetOf(targets, t);
    if (target) {
      const id = `${target.kind}:${target.id}`;
      if (seen.has(id)) return null;
      seen.add(id);
    }
    titles.push({ t, target, decision: decideTitle(t, target, target ? target.situacao : null, false, contaId !== null) });
  }
  if (await anyRecorded(tx, retornoId, titles)) return null;

  const values = titles.map(({ t, target, decision }) => ({
    ...itemValues(retornoId, t),
    boleto_id: target?.kind === 'boleto' ? target.id : null,
    boleto_avulso_id: target?.kind === 'avulso' ? target.id : null,
    resultado: decision.resultado,
    situacao_de: decision.de,
    situacao_para: decision.para,
    mensagem: decision.mensagem,
  }));
  const inserted = await tx.insert(retornoItem).values(values).onConflictDoNothing().returning({ id: retornoItem.id, linha: retornoItem.linha });
  // nothing of the batch was recorded (anyRecorded) and its targets are locked: a skipped line is a bug
  if (inserted.length !== values.length) throw new Error(`Retorno ${retornoId}: ${values.length - inserted.length} linha(s) do lote já registradas durante a aplicação.`);
  const itemIdOf = new Map(inserted.map((r) => [r.linha, Number(r.id)]));

  const totals = emptyTotals();
  const drafts: LedgerDraft[] = [];
  const moves: { id: number; de: Situacao; para: Situacao; action: string; motivo: string }[] = [];
  const liquidacoes: { boletoId: number; payment: ReturnType<typeof bankPaymentOf> }[] = [];
  for (const { t, target, decision } of titles) {
    countTitle(totals, t, decision);
    if (!target) continue;
    const payment = bankPaymentOf(t, itemIdOf.get(t.line)!);
    const liquidates = decision.action === 'liquidar' || decision.action === 'liquidarComPedidoPendente' || (target.kind === 'avulso' && decision.para === 'LIQUIDADO');
    if (!(target.kind === 'boleto' && liquidates)) {
      const credited = t.category === 'liquidacao' && (liquidates || decision.resultado === 'IGNORADO');
      const draft = retornoLineDraft({
        retornoItemId: payment.retornoItemId!,
        payment,
        credited,
        empresaId: target.empresaId,
        boletoId: target.kind === 'boleto' ? target.id : null,
        boletoAvulsoId: target.kind === 'avulso' ? target.id : null,
        rotulo: `${target.kind === 'boleto' ? 'boleto' : 'boleto avulso'} nº ${target.id}, retorno nº ${retornoId}, linha ${t.line}`,
      });
      if (draft) drafts.push(draft);
    }
    if (!decision.para) continue;
    const motivo = `Retorno nº ${retornoId}${numeroArquivo ? ` (arquivo ${numeroArquivo})` : ''}, linha ${t.line}: ${t.movementDescription}`.slice(0, 300);
    if (target.kind === 'boleto' && decision.action) {
      const de = target.situacao as Situacao;
      moves.push({ id: target.id, de, para: nextSituacao(decision.action, de), action: decision.action, motivo });
      if (liquidates) liquidacoes.push({ boletoId: target.id, payment });
    } else if (target.kind === 'avulso') {
      const moved = await tx
        .update(boletoAvulso)
        .set({ situacao: decision.para as typeof target.situacao, updated_at: sql`now()` })
        .where(and(eq(boletoAvulso.id, target.id), eq(boletoAvulso.situacao, target.situacao)))
        .returning({ id: boletoAvulso.id });
      if (moved.length) await recordAudit(tx, actor, { action: 'boletoAvulso.retorno', entity: 'boleto_avulso', entityId: target.id, summary: { de: target.situacao, para: decision.para, motivo } });
    }
  }

  if (moves.length) {
    // the guard of change-situacao.ts for all of them at once: only a boleto still in its situação moves
    const moved = rowsOf<{ id: number }>(
      await tx.execute(sql`
        update boleto b set situacao = m.para, updated_at = now()
          from unnest(${`{${moves.map((m) => m.id).join(',')}}`}::int[], ${pgTextArray(moves.map((m) => m.de))}::varchar[], ${pgTextArray(moves.map((m) => m.para))}::varchar[]) as m (id, de, para)
         where b.id = m.id and b.situacao = m.de
        returning b.id`),
    );
    if (moved.length !== moves.length) throw wrongState('O boleto foi alterado por outra operação. Atualize a tela.');
    await tx.insert(boletoHistorico).values(moves.map((m) => ({ boleto_id: m.id, de: m.de, para: m.para, motivo: m.motivo, usuario_id: actor.id })));
    await tx.insert(auditLog).values(
      moves.map((m) => ({ usuario_id: actor.id, ip: actor.ip, action: `boleto.${m.action}`, entity: 'boleto', entity_id: String(m.id), summary: { de: m.de, para: m.para, motivo: m.motivo } })),
    );
  }
  if (liquidacoes.length) {
    // post-boleto-transition.ts's liquidação, every boleto's position read in two queries
    const contexts = await loadBoletoContexts(tx, liquidacoes.map((l) => l.boletoId), actor.id);
    for (const l of liquidacoes) {
      const draft = liquidacaoDraft(contexts.get(l.boletoId)!, l.payment);
      if (draft) drafts.push(draft);
    }
  }
  await postTransactions(tx, drafts);
  return totals;
}

/** Whether a line of the batch, or a movement of one of its targets, is recorded already (a resumed batch, a repeated file). */
async function anyRecorded(tx: Tx, retornoId: number, titles: { t: RetornoTitle; target: TitleTarget | undefined }[]): Promise<boolean> {
  const lines = titles.map(({ t }) => t.line);
  const boletos = titles.flatMap(({ target }) => (target?.kind === 'boleto' ? [target.id] : []));
  const avulsos = titles.flatMap(({ target }) => (target?.kind === 'avulso' ? [target.id] : []));
  const found = rowsOf<{ kind: string; id: number; movimento: string; data: string | null }>(
    await tx.execute(sql`
      select 'linha' as kind, linha as id, '' as movimento, null::text as data from retorno_item where retorno_id = ${retornoId} and linha = any(${`{${lines.join(',')}}`}::int[])
      union all
      select 'boleto', boleto_id, movimento, data_ocorrencia::text from retorno_item where boleto_id = any(${`{${boletos.join(',')}}`}::int[]) and resultado <> 'JA_APLICADO'
      union all
      select 'avulso', boleto_avulso_id, movimento, data_ocorrencia::text from retorno_item where boleto_avulso_id = any(${`{${avulsos.join(',')}}`}::int[]) and resultado <> 'JA_APLICADO'`),
  );
  if (found.some((r) => r.kind === 'linha')) return true;
  const recorded = new Set(found.map((r) => `${r.kind}:${r.id}:${r.movimento}:${r.data ?? ''}`));
  return titles.some(({ t, target }) => target && recorded.has(`${target.kind}:${target.id}:${t.movement.slice(0, 2)}:${t.occurrenceDate ?? ''}`));
}

/** A PostgreSQL array literal of texts (situações carry spaces, accents and parentheses). */
function pgTextArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}
