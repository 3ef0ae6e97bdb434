import { createHash } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { assertValidDraft, draftFingerprint, draftTotals, ledgerAccountKey, LedgerError, type LedgerDraft } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { ledgerTransaction } from '../../db/schema/index.js';
import { AppError } from '../../errors/app-error.js';
import { ensureAccounts } from './accounts.js';
import { rowsOf, unnestArguments, type UnnestColumn } from './unnest-insert.js';

const columnNames = (columns: readonly UnnestColumn[]) => sql.raw(columns.map(([name]) => name).join(', '));

/** What posting answers per draft: the transaction's id, and whether this call created it. */
export type PostedTransaction = { id: number; idempotencyKey: string; created: boolean };

const hashOf = (d: LedgerDraft) => createHash('sha256').update(draftFingerprint(d)).digest('hex');

/**
 * The one writer of the ledger (decision 109, HOUSE-STYLE habit 12). Posts each draft as one
 * transaction with its entries, inside the caller's database transaction — the same transaction as
 * the state change that causes it — so the money and the state commit together or not at all.
 *
 * - Every draft is checked first (assertValidDraft: balanced, positive whole centavos, owners).
 * - Idempotent by key: a draft whose key was already posted (by an earlier call, a retried job, a
 *   repeated request, even a concurrent transaction — the unique index decides) posts nothing and
 *   answers the original (`created: false`); the same key with a different content is refused
 *   (409), it is a bug or a replay of something else.
 * - The database then holds the rest: the deferred constraint trigger refuses an unbalanced or
 *   incomplete transaction at commit, the statement trigger keeps the monthly balances and refuses
 *   a posting that breaks an account's limit (answered here as 409 "Saldo insuficiente…"), and no
 *   posted row can be updated or deleted.
 *
 * Many drafts are posted with one INSERT per table (a retorno batch posts hundreds at once), each
 * from one array per column (insertFromArrays): six or nineteen parameters, not one per value.
 */
export async function postTransactions(tx: DbOrTx, drafts: readonly LedgerDraft[]): Promise<PostedTransaction[]> {
  if (!drafts.length) return [];
  const unique = new Map<string, { draft: LedgerDraft; hash: string }>();
  for (const d of drafts) {
    assertValidDraft(d);
    const hash = hashOf(d);
    const seen = unique.get(d.idempotencyKey);
    if (seen && seen.hash !== hash) throw conflictingKey(d.idempotencyKey);
    unique.set(d.idempotencyKey, { draft: d, hash });
  }
  const list = [...unique.values()];
  const accounts = await ensureAccounts(tx, list.flatMap((u) => u.draft.lines.map((l) => l.account)));

  const refs = list.map(({ draft: d }) => d.refs ?? {});
  const transactionColumns: UnnestColumn[] = [
    ['idempotency_key', 'varchar', list.map(({ draft: d }) => d.idempotencyKey)],
    ['kind', 'varchar', list.map(({ draft: d }) => d.kind)],
    ['occurred_on', 'date', list.map(({ draft: d }) => d.occurredOn)],
    ['description', 'varchar', list.map(({ draft: d }) => d.description.slice(0, 300))],
    ['content_hash', 'text', list.map(({ hash }) => hash)],
    ['entry_count', 'int', list.map(({ draft: d }) => d.lines.length)],
    ['total_cents', 'bigint', list.map(({ draft: d }) => draftTotals(d).debitsCents)],
    ['reverses_id', 'bigint', list.map(({ draft: d }) => d.reversesId ?? null)],
    ['boleto_id', 'int', refs.map((r) => r.boletoId ?? null)],
    ['boleto_avulso_id', 'int', refs.map((r) => r.boletoAvulsoId ?? null)],
    ['antecipacao_id', 'int', refs.map((r) => r.antecipacaoId ?? null)],
    ['acordo_id', 'int', refs.map((r) => r.acordoId ?? null)],
    ['acordo_parcela_id', 'int', refs.map((r) => r.acordoParcelaId ?? null)],
    ['retorno_item_id', 'bigint', refs.map((r) => r.retornoItemId ?? null)],
    ['repasse_id', 'int', refs.map((r) => r.repasseId ?? null)],
    ['consulta_id', 'int', refs.map((r) => r.consultaId ?? null)],
    ['empresa_id', 'int', refs.map((r) => r.empresaId ?? null)],
    ['pessoa_id', 'int', refs.map((r) => r.pessoaId ?? null)],
    ['usuario_id', 'int', refs.map((r) => r.usuarioId ?? null)],
  ];
  const inserted = rowsOf<{ id: string | number; key: string }>(
    await tx.execute(sql`
      insert into ledger_transaction (${columnNames(transactionColumns)})
      select * from unnest(${unnestArguments(transactionColumns)})
      on conflict (idempotency_key) do nothing
      returning id, idempotency_key as key`),
  );
  const created = new Map(inserted.map((r) => [r.key, Number(r.id)]));

  const existing = new Map<string, number>();
  const repeated = list.filter((u) => !created.has(u.draft.idempotencyKey));
  if (repeated.length) {
    const rows = await tx
      .select({ id: ledgerTransaction.id, key: ledgerTransaction.idempotency_key, hash: ledgerTransaction.content_hash })
      .from(ledgerTransaction)
      .where(inArray(ledgerTransaction.idempotency_key, repeated.map((u) => u.draft.idempotencyKey)));
    const found = new Map(rows.map((r) => [r.key, r]));
    for (const u of repeated) {
      const row = found.get(u.draft.idempotencyKey);
      if (!row) throw new Error(`Lançamento ${u.draft.idempotencyKey} nem criado nem encontrado.`);
      if (row.hash !== u.hash) throw conflictingKey(u.draft.idempotencyKey);
      existing.set(u.draft.idempotencyKey, Number(row.id));
    }
  }

  const transactionIds: number[] = [];
  const accountIds: number[] = [];
  const sides: string[] = [];
  const amounts: number[] = [];
  const dates: string[] = [];
  const boletoIds: (number | null)[] = [];
  for (const { draft: d } of list) {
    const transactionId = created.get(d.idempotencyKey);
    if (transactionId === undefined) continue;
    for (const l of d.lines) {
      transactionIds.push(transactionId);
      accountIds.push(accounts.get(ledgerAccountKey(l.account))!);
      sides.push(l.side);
      amounts.push(l.amountCents);
      dates.push(d.occurredOn);
      boletoIds.push(l.boletoId ?? null);
    }
  }
  try {
    // one statement for all the entries: the monthly-balance trigger runs once per call
    const entryColumns: UnnestColumn[] = [
      ['transaction_id', 'bigint', transactionIds],
      ['account_id', 'int', accountIds],
      ['side', 'varchar', sides],
      ['amount_cents', 'bigint', amounts],
    ['occurred_on', 'date', dates],
    ['boleto_id', 'int', boletoIds],
    ];
    if (transactionIds.length) await tx.execute(sql`insert into ledger_entry (${columnNames(entryColumns)}) select * from unnest(${unnestArguments(entryColumns)})`);
  } catch (err) {
    const limit = limitViolation(err);
    if (limit) throw new AppError('WRONG_STATE', limit);
    throw err;
  }

  return drafts.map((d) => {
    const id = created.get(d.idempotencyKey);
    return id !== undefined ? { id, idempotencyKey: d.idempotencyKey, created: true } : { id: existing.get(d.idempotencyKey)!, idempotencyKey: d.idempotencyKey, created: false };
  });
}

/** One draft: postTransactions of a list of one. */
export async function postTransaction(tx: DbOrTx, draft: LedgerDraft): Promise<PostedTransaction> {
  const [posted] = await postTransactions(tx, [draft]);
  return posted;
}

/** The id of the transaction posted under a key, or null. */
export async function transactionIdByKey(tx: DbOrTx, idempotencyKey: string): Promise<number | null> {
  const [t] = await tx.select({ id: ledgerTransaction.id }).from(ledgerTransaction).where(inArray(ledgerTransaction.idempotency_key, [idempotencyKey]));
  return t ? Number(t.id) : null;
}

function conflictingKey(key: string): AppError {
  return new AppError('CONFLICT', `A chave ${key} já foi usada para outro lançamento no razão: nada foi lançado.`);
}

/** The account-limit refusal of the balances trigger (0130), in the operator's words. */
function limitViolation(error: unknown): string | null {
  for (let e = error as { code?: unknown; message?: unknown; hint?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23514' && typeof e.message === 'string' && e.message.startsWith('Saldo insuficiente')) {
      return `Operação recusada pelo razão: ${e.message}`;
    }
  }
  return null;
}

export { LedgerError };
