import { ADVANCE_MSG, todayInSaoPaulo } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../shared/actor.js';
import { advanceEmpresa } from './advance-empresa.js';
import { presentSimulation, simulateForEmpresa } from './advance-simulation.js';

/**
 * GET /api/relatorio/simulaAntecipacao: "Simulação da Antecipação" of the usuario's empresa
 * (antecipa S). Read only: nothing is stored until the shop sends the request.
 */
export async function simulateAntecipacao(db: DbOrTx, actor: Actor, today = todayInSaoPaulo()) {
  return db.transaction(async (tx) => {
    const emp = await advanceEmpresa(tx, actor);
    const result = presentSimulation(emp, await simulateForEmpresa(tx, emp, today));
    return { msg: result.totais ? 'ok' : ADVANCE_MSG.semBoletos, ...result };
  });
}
