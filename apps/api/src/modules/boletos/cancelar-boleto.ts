import type { Db } from '../../db/client.js';
import type { Actor } from '../../shared/actor.js';
import { applyBoletoAction } from './apply-boleto-action.js';

/**
 * POST /api/boleto/cancelar/{id} (administrador): never registered (DISPONÍVEL PARA PAGAMENTO) →
 * CANCELADO SR; registered (ENVIADO PARA REGISTRO, GARANTIDO) → ENVIADO PARA CANCELAMENTO, which
 * the bank's retorno confirms later.
 */
export async function cancelarBoleto(db: Db, actor: Actor, id: number, motivo?: string | null) {
  const { change } = await applyBoletoAction(db, actor, id, 'cancelar', { ownEmpresaMayAct: false, motivo: motivo || 'Boleto cancelado' });
  return change;
}
