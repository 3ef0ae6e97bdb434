import { inArray } from 'drizzle-orm';
import { LEDGER_ACCOUNTS, ledgerAccountKey, type LedgerAccountRef } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { ledgerAccount } from '../../db/schema/index.js';

/**
 * The ids of the accounts postings name, created the first time one is named (a shop's accounts
 * appear with its first movement). One SELECT when they all exist; otherwise one INSERT … ON
 * CONFLICT DO NOTHING (two postings creating the same account at once: one inserts, the other
 * waits for it) and the SELECT again. No cache across transactions: an id read inside a transaction
 * that then rolls back would not exist.
 */
export async function ensureAccounts(tx: DbOrTx, refs: readonly LedgerAccountRef[]): Promise<Map<string, number>> {
  const byKey = new Map<string, LedgerAccountRef>();
  for (const r of refs) byKey.set(ledgerAccountKey(r), r);
  const keys = [...byKey.keys()];
  const ids = new Map<string, number>();
  if (!keys.length) return ids;
  const read = async () => {
    for (const a of await tx.select({ id: ledgerAccount.id, key: ledgerAccount.key }).from(ledgerAccount).where(inArray(ledgerAccount.key, keys))) ids.set(a.key, a.id);
  };
  await read();
  const missing = keys.filter((k) => !ids.has(k));
  if (!missing.length) return ids;
  await tx
    .insert(ledgerAccount)
    .values(
      missing.sort().map((key) => {
        const ref = byKey.get(key)!;
        const s = LEDGER_ACCOUNTS[ref.code];
        return {
          key,
          code: ref.code,
          kind: s.kind,
          normal_side: s.normalSide,
          empresa_id: ref.empresaId ?? null,
          pessoa_id: ref.pessoaId ?? null,
          debits_must_not_exceed_credits: s.limit === 'debitsMustNotExceedCredits',
          credits_must_not_exceed_debits: s.limit === 'creditsMustNotExceedDebits',
          name: s.nome,
        };
      }),
    )
    .onConflictDoNothing({ target: ledgerAccount.key });
  await read();
  const stillMissing = keys.filter((k) => !ids.has(k));
  if (stillMissing.length) throw new Error(`Contas do razão não criadas: ${stillMissing.join(', ')}`);
  return ids;
}
