import { eq, sql } from 'drizzle-orm';
import { layoutPadrao, type ContaCobrancaDados, type ContaCobrancaOrigem } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { contaCobranca } from '../../db/schema/index.js';

export type ContaCobrancaRow = typeof contaCobranca.$inferSelect;

/**
 * Largest sequence each layout can print (nosso número digits without the fixed parts). The
 * sequence is NO CYCLE: when exhausted it fails loudly instead of reusing a number.
 */
function maxSequence(input: ContaCobrancaDados): bigint {
  if (input.banco === '104') return 999_999_999_999_999n; // Caixa SIGCB: 15 free digits
  if (input.banco === '341') return 99_999_999n; // Itaú: nosso número of 8 digits
  if (input.banco === '237') return 99_999_999_999n; // Bradesco: 11 digits
  const convenio = input.codigo_beneficiario.replace(/\D/g, '').length;
  return convenio === 7 ? 9_999_999_999n : convenio === 6 ? 99_999n : 9_999_999n;
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
  await tx.execute(sql.raw(`CREATE SEQUENCE ${name} AS bigint MINVALUE 1 MAXVALUE ${maxSequence(input)} START 1 NO CYCLE`));
  const [withSeq] = await tx.update(contaCobranca).set({ sequencia: name }).where(eq(contaCobranca.id, row.id)).returning();
  return withSeq;
}
