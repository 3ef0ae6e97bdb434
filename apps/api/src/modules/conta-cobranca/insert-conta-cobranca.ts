import { eq, sql } from 'drizzle-orm';
import type { ContaCobrancaInput, ContaCobrancaOrigem } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { contaCobranca } from '../../db/schema/index.js';

export type ContaCobrancaRow = typeof contaCobranca.$inferSelect;

/**
 * Largest sequence each layout can print (nosso número digits without the fixed parts). The
 * sequence is NO CYCLE: when exhausted it fails loudly instead of reusing a number.
 */
function maxSequence(input: ContaCobrancaInput): bigint {
  if (input.banco === '104') return 999_999_999_999_999n; // Caixa SIGCB: 15 free digits
  const convenio = input.codigo_beneficiario.replace(/\D/g, '').length;
  return convenio === 7 ? 9_999_999_999n : convenio === 6 ? 99_999n : 9_999_999n;
}

export function sequenceName(contaId: number): string {
  if (!Number.isSafeInteger(contaId) || contaId <= 0) throw new RangeError('id de conta inválido');
  return `conta_cobranca_nn_${contaId}`;
}

/**
 * Inserts an account as the active one and creates its own nosso-número sequence, inside the
 * caller's transaction (DDL is transactional in PostgreSQL, so a rollback leaves nothing behind).
 */
export async function insertContaCobranca(
  tx: DbOrTx,
  input: ContaCobrancaInput,
  origem: ContaCobrancaOrigem,
  createdBy: number | null,
): Promise<ContaCobrancaRow> {
  const [row] = await tx
    .insert(contaCobranca)
    .values({ ...input, ativa: true, origem, created_by: createdBy })
    .returning();
  const name = sequenceName(row.id);
  await tx.execute(sql.raw(`CREATE SEQUENCE ${name} AS bigint MINVALUE 1 MAXVALUE ${maxSequence(input)} START 1 NO CYCLE`));
  const [withSeq] = await tx.update(contaCobranca).set({ sequencia: name }).where(eq(contaCobranca.id, row.id)).returning();
  return withSeq;
}
