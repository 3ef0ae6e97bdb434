import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { contaCobranca } from '../../db/schema/index.js';

/** Whoever the debt is owed to: the beneficiary of the house default conta de cobrança (the guarantor). */
export const CREDOR_PADRAO = { nome: 'Boleto Garantido', cnpj: null as string | null };

export async function credorAtual(db: DbOrTx): Promise<{ nome: string; cnpj: string | null }> {
  const [conta] = await db.select({ nome: contaCobranca.nome, cnpj: contaCobranca.cnpj }).from(contaCobranca).where(eq(contaCobranca.padrao, true));
  return conta ?? CREDOR_PADRAO;
}
