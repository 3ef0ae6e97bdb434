import type { Db } from '../../db/client.js';
import type { Actor } from '../../shared/actor.js';
import { applyBoletoAction } from './apply-boleto-action.js';

/** POST /api/boleto/quitar/{id} (administrador): the guarantor honours the guarantee → QUITADO. */
export async function quitarBoleto(db: Db, actor: Actor, id: number, motivo?: string | null) {
  const { change } = await applyBoletoAction(db, actor, id, 'quitar', { ownEmpresaMayAct: false, motivo: motivo || 'Garantia honrada: boleto quitado à loja' });
  return change;
}
