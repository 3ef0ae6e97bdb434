import { and, eq, sql } from 'drizzle-orm';
import { liquidacaoDraft, nextSituacao, type BoletoAction, type LedgerDraft, type RetornoTitle, type Situacao } from '@bg/domain';
import type { Tx } from '../../db/client.js';
import { boletoAvulso } from '../../db/schema/index.js';
import { wrongState } from '../../errors/app-error.js';
import { recordAudit } from '../audit/record-audit.js';
import { loadBoletoContexts } from '../ledger/boleto-context.js';
import { postTransactions } from '../ledger/post-transaction.js';
import { insertFromArrays } from '../ledger/unnest-insert.js';
import { emitirEventosBoletos } from '../eventos/eventos-boleto.js';
import { bankPaymentOf, retornoLineDraft } from '../ledger/post-retorno-line.js';
import { countTitle, decideTitle, emptyTotals, type RetornoTotals, type TitleDecision } from './decide-title.js';
import { targetOf } from './preview-retorno.js';
import { retornoLineMoney, retornoMotivo } from './retorno-line-money.js';
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
  actor: { id: number | null; ip: null },
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

  const items = titles.map(({ t }) => itemValues(retornoId, t));
  const column = <K extends keyof (typeof items)[number]>(k: K) => items.map((v) => v[k]);
  // the lines in one statement from one array per column (retorno_item has 20 columns: 10 000 parameters through Drizzle)
  const inserted = await insertFromArrays<{ id: string | number; linha: number }>(
    tx,
    'retorno_item',
    [
      ['retorno_id', 'int', column('retorno_id')],
      ['linha', 'int', column('linha')],
      ['nosso_numero', 'varchar', column('nosso_numero')],
      ['movimento', 'text', column('movimento')],
      ['movimento_descricao', 'varchar', column('movimento_descricao')],
      ['categoria', 'varchar', column('categoria')],
      ['data_ocorrencia', 'date', column('data_ocorrencia')],
      ['data_credito', 'date', column('data_credito')],
      ['valor_titulo', 'numeric', column('valor_titulo')],
      ['valor_pago', 'numeric', column('valor_pago')],
      ['valor_liquido', 'numeric', column('valor_liquido')],
      ['valor_tarifa', 'numeric', column('valor_tarifa')],
      ['valor_juros', 'numeric', column('valor_juros')],
      ['valor_desconto', 'numeric', column('valor_desconto')],
      ['motivos', 'varchar', column('motivos')],
      ['boleto_id', 'int', titles.map(({ target }) => (target?.kind === 'boleto' ? target.id : null))],
      ['boleto_avulso_id', 'int', titles.map(({ target }) => (target?.kind === 'avulso' ? target.id : null))],
      ['resultado', 'varchar', titles.map(({ decision }) => decision.resultado)],
      ['situacao_de', 'varchar', titles.map(({ decision }) => decision.de)],
      ['situacao_para', 'varchar', titles.map(({ decision }) => decision.para)],
      ['mensagem', 'varchar', titles.map(({ decision }) => decision.mensagem)],
    ],
    sql` on conflict do nothing returning id, linha`,
  );
  if (inserted.length !== items.length) throw new Error(`Retorno ${retornoId}: ${items.length - inserted.length} linha(s) do lote já registradas durante a aplicação.`);
  const itemIdOf = new Map(inserted.map((r) => [r.linha, Number(r.id)]));

  const totals = emptyTotals();
  const drafts: LedgerDraft[] = [];
  const moves: { id: number; de: Situacao; para: Situacao; action: BoletoAction; motivo: string }[] = [];
  const liquidacoes: { boletoId: number; payment: ReturnType<typeof bankPaymentOf> }[] = [];
  for (const { t, target, decision } of titles) {
    countTitle(totals, t, decision);
    if (!target) continue;
    const payment = bankPaymentOf(t, itemIdOf.get(t.line)!);
    const { liquidates, money } = retornoLineMoney(t, target, decision, payment, retornoId);
    const draft = money && retornoLineDraft(money);
    if (draft) drafts.push(draft);
    if (!decision.para) continue;
    const motivo = retornoMotivo(retornoId, numeroArquivo, t);
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
    await insertFromArrays(tx, 'boleto_historico', [
      ['boleto_id', 'int', moves.map((m) => m.id)],
      ['de', 'varchar', moves.map((m) => m.de)],
      ['para', 'varchar', moves.map((m) => m.para)],
      ['motivo', 'varchar', moves.map((m) => m.motivo)],
      ['usuario_id', 'int', moves.map(() => actor.id)],
    ]);
    await insertFromArrays(tx, 'audit_log', [
      ['usuario_id', 'int', moves.map(() => actor.id)],
      ['ip', 'varchar', moves.map(() => actor.ip)],
      ['action', 'varchar', moves.map((m) => `boleto.${m.action}`)],
      ['entity', 'varchar', moves.map(() => 'boleto')],
      ['entity_id', 'varchar', moves.map((m) => String(m.id))],
      ['summary', 'jsonb', moves.map((m) => ({ de: m.de, para: m.para, motivo: m.motivo }))],
    ]);
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
  // the shops' webhook events of the batch, in one statement (only shops with an endpoint that receives them)
  const pagos = new Map(liquidacoes.map((l) => [l.boletoId, l.payment]));
  await emitirEventosBoletos(tx, moves.map((m) => ({ boletoId: m.id, action: m.action, pagamento: pagos.get(m.id) })));
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
