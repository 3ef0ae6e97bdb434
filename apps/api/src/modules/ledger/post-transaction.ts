import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { assertValidDraft, draftFingerprint, draftTotals, ledgerAccountKey, LedgerError, type LedgerDraft } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { ledgerEntry, ledgerTransaction } from '../../db/schema/index.js';
import { AppError } from '../../errors/app-error.js';
import { ensureAccounts } from './accounts.js';

/** What posting answers per draft: the transaction's id, and whether this call created it. */
export type PostedTransaction = { id: number; idempotencyKey: string; created: boolean };

const hashOf = (d: LedgerDraft) => createHash('sha256').update(draftFingerprint(d)).digest('hex');

/** Entries per INSERT (7 columns each: well under PostgreSQL's 65 535 parameters). */
const ENTRY_CHUNK = 4000;

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
 * Many drafts are posted with one INSERT per table (a retorno batch posts hundreds at once).
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

  const inserted = await tx
    .insert(ledgerTransaction)
    .values(
      list.map(({ draft: d, hash }) => {
        const r = d.refs ?? {};
        return {
          idempotency_key: d.idempotencyKey,
          kind: d.kind,
          occurred_on: d.occurredOn,
          description: d.description.slice(0, 300),
          content_hash: hash,
          entry_count: d.lines.length,
          total_cents: draftTotals(d).debitsCents,
          reverses_id: d.reversesId ?? null,
          boleto_id: r.boletoId ?? null,
          boleto_avulso_id: r.boletoAvulsoId ?? null,
          antecipacao_id: r.antecipacaoId ?? null,
          acordo_id: r.acordoId ?? null,
          acordo_parcela_id: r.acordoParcelaId ?? null,
          retorno_item_id: r.retornoItemId ?? null,
          repasse_id: r.repasseId ?? null,
          consulta_id: r.consultaId ?? null,
          empresa_id: r.empresaId ?? null,
          pessoa_id: r.pessoaId ?? null,
          usuario_id: r.usuarioId ?? null,
        };
      }),
    )
    .onConflictDoNothing({ target: ledgerTransaction.idempotency_key })
    .returning({ id: ledgerTransaction.id, key: ledgerTransaction.idempotency_key });
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

  const entries = list.flatMap(({ draft: d }) => {
    const transactionId = created.get(d.idempotencyKey);
    if (transactionId === undefined) return [];
    return d.lines.map((l) => ({
      transaction_id: transactionId,
      account_id: accounts.get(ledgerAccountKey(l.account))!,
      side: l.side,
      amount_cents: l.amountCents,
      occurred_on: d.occurredOn,
      boleto_id: l.boletoId ?? null,
    }));
  });
  try {
    for (let i = 0; i < entries.length; i += ENTRY_CHUNK) await tx.insert(ledgerEntry).values(entries.slice(i, i + ENTRY_CHUNK));
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
