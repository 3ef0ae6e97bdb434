import { eq, sql } from 'drizzle-orm';
import { bankProfile, cnabAccountFromConta, isBankCode, layoutPadrao, layoutsDeRemessa, maxSequenceOfConta, todayInSaoPaulo, type ContaCobrancaDados, type ContaCobrancaOrigem, type LayoutCnab } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { contaCobranca } from '../../db/schema/index.js';

export type ContaCobrancaRow = typeof contaCobranca.$inferSelect;

/**
 * The conta's sequence: from the bank's first number (1, or Sicredi's ano + byte + 00001 —
 * `firstSequence`, decision 124) up to the largest number its layout's remessa carries, asked of the
 * engine's profiles (`maxSequenceOfConta`: Santander CNAB 400 stops at 9 999 999, its CNAB 240 at
 * 12 digits). NO CYCLE: when exhausted it fails loudly instead of reusing a number.
 */
function sequenceRange(input: ContaCobrancaDados, layout: LayoutCnab): { start: number; max: number } {
  const today = todayInSaoPaulo();
  const start = (isBankCode(input.banco) ? bankProfile(input.banco).firstSequence?.(today) : undefined) ?? 1;
  const account = cnabAccountFromConta(input);
  const writes = layoutsDeRemessa(input.banco).includes(layout);
  // a conta its layout's writer refuses (a bank with an API, whose conta may work by it: the schema
  // leaves it to its slip) numbers as far as the slip goes
  const max = (writes ? maxSequenceOfConta(account, layout, today) : null) ?? maxSequenceOfConta(account, null, today);
  // the schema ran the slip's trial before this insert: a conta no number fits never gets here
  if (max === null || max < start) throw new Error(`conta de cobrança do banco ${input.banco} sem nosso número possível`);
  return { start, max };
}

export function sequenceName(contaId: number): string {
  if (!Number.isSafeInteger(contaId) || contaId <= 0) throw new RangeError('id de conta inválido');
  return `conta_cobranca_nn_${contaId}`;
}

/**
 * Inserts an active account and creates its own nosso-número sequence, inside the caller's
 * transaction (DDL is transactional in PostgreSQL, so a rollback leaves nothing behind). The first
 * account becomes the house default (decision 126); `padrao` makes a later one the default. The
 * layout of its remessas is the chosen one or the bank's own (layoutPadrao; 240 for an API-only bank,
 * whose conta writes no file).
 */
export async function insertContaCobranca(
  tx: DbOrTx,
  input: ContaCobrancaDados,
  origem: ContaCobrancaOrigem,
  createdBy: number | null,
  opts: { padrao?: boolean } = {},
): Promise<ContaCobrancaRow> {
  const [atual] = await tx.select({ id: contaCobranca.id }).from(contaCobranca).where(eq(contaCobranca.padrao, true));
  const temPadrao = Boolean(atual);
  if (opts.padrao && temPadrao) await tx.update(contaCobranca).set({ padrao: false, updated_at: sql`now()` }).where(eq(contaCobranca.padrao, true));
  const layout = input.layout_cnab ?? layoutPadrao(input.banco) ?? 240;
  const [row] = await tx
    .insert(contaCobranca)
    .values({ ...input, layout_cnab: layout, ativa: true, padrao: Boolean(opts.padrao) || !temPadrao, origem, created_by: createdBy })
    .returning();
  const name = sequenceName(row.id);
  const { start, max } = sequenceRange(input, layout);
  await tx.execute(sql.raw(`CREATE SEQUENCE ${name} AS bigint MINVALUE 1 MAXVALUE ${max} START ${start} NO CYCLE`));
  const [withSeq] = await tx.update(contaCobranca).set({ sequencia: name }).where(eq(contaCobranca.id, row.id)).returning();
  return withSeq;
}
