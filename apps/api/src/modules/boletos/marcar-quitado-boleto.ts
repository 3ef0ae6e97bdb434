import type { Db } from '../../db/client.js';
import type { Actor } from '../../shared/actor.js';
import { applyBoletoAction } from './apply-boleto-action.js';

/** POST /api/boleto/marcarQuitado/{id} (administrador): only from BAIXADO (REMOVIDO) → QUITADO. */
export async function marcarQuitadoBoleto(db: Db, actor: Actor, id: number, motivo?: string | null) {
  const { change } = await applyBoletoAction(db, actor, id, 'marcarQuitado', { ownEmpresaMayAct: false, motivo: motivo || 'Marcado como quitado' });
  return change;
}
