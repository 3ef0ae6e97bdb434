import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { boleto, garantia } from '../../db/schema/index.js';
import { contaDaEmpresa } from '../conta-cobranca/active-conta-cobranca.js';
import { changeSituacao } from './change-situacao.js';
import { numberBoletos } from './number-boletos.js';

/**
 * Called by "Libera Boleto(s)" inside its transaction: every boleto of the guarantee that has no
 * situação yet becomes DISPONÍVEL PARA PAGAMENTO and gets its nosso número, barcode and linha
 * digitável from its shop's conta de cobrança — the shop's own, else the house default (decision
 * 126); the boleto keeps that conta for good. Without a configured account the release still
 * happens and the numbers are given at the first printing (docs/decisions/030), which then
 * refuses with a clear message until an administrador configures the account.
 */
export async function issueBoletosOnRelease(tx: DbOrTx, garantiaId: number, actor: { id: number | null; ip: string | null }): Promise<number> {
  const pending = await tx
    .select({ id: boleto.id })
    .from(boleto)
    .where(and(eq(boleto.garantia_id, garantiaId), isNull(boleto.situacao)))
    .orderBy(boleto.parcela);
  for (const b of pending) await changeSituacao(tx, b.id, 'liberar', actor, 'Boletos liberados para impressão');
  const [g] = await tx.select({ empresa_id: garantia.empresa_id }).from(garantia).where(eq(garantia.id, garantiaId));
  const conta = await contaDaEmpresa(tx, g?.empresa_id ?? null);
  if (conta) await numberBoletos(tx, conta, garantiaId);
  return pending.length;
}
