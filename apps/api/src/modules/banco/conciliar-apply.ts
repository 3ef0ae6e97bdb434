import { eq } from 'drizzle-orm';
import type { Situacao } from '@bg/domain';
import type { BankSettlement } from '../../adapters/bank/bank-adapter.js';
import type { Db } from '../../db/client.js';
import { boleto } from '../../db/schema/index.js';
import { isPayable } from './conciliar-judge.js';
import { applySettlement } from './process-webhook.js';

/**
 * A payment the bank settled, applied to our boleto as the webhook applies it (applySettlement:
 * the retorno's liquidação, keyed by boleto, 06 and payment date — whatever brought it first, the
 * others are JA_APLICADO). The boleto is locked and its situação checked first: one the state
 * machine refuses is left alone (nothing written) and answers false. True: the boleto is LIQUIDADO.
 */
export async function applyBankSettlement(db: Db, contaId: number, t: { boleto_id: number; nosso_numero: string }, pagamento: BankSettlement, origem: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [b] = await tx.select({ situacao: boleto.situacao }).from(boleto).where(eq(boleto.id, t.boleto_id)).for('update');
    const situacao = (b?.situacao ?? null) as Situacao | null;
    if (!b || situacao === 'LIQUIDADO') return situacao === 'LIQUIDADO';
    if (!isPayable(situacao)) return false;
    await applySettlement(tx, contaId, t.boleto_id, Number(t.nosso_numero), pagamento, origem);
    const [after] = await tx.select({ situacao: boleto.situacao }).from(boleto).where(eq(boleto.id, t.boleto_id));
    return after?.situacao === 'LIQUIDADO';
  });
}
