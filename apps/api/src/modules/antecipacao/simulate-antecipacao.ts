import { ADVANCE_MSG, todayInSaoPaulo, type IsoDate } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../shared/actor.js';
import { simulationEmpresa } from './advance-empresa.js';
import { presentSimulation, simulateForEmpresa } from './advance-simulation.js';

/**
 * GET /api/relatorio/simulaAntecipacao: "Simulação da Antecipação" of the usuario's empresa
 * (antecipa S), or of the shop an administrador chose (`empresaId`). Read only: nothing is stored
 * until the shop sends the request.
 */
export async function simulateAntecipacao(db: DbOrTx, actor: Actor, { empresaId, today = todayInSaoPaulo() }: { empresaId?: number; today?: IsoDate } = {}) {
  return db.transaction(async (tx) => {
    const emp = await simulationEmpresa(tx, actor, empresaId);
    const result = presentSimulation(emp, await simulateForEmpresa(tx, emp, today));
    return { msg: result.totais ? 'ok' : ADVANCE_MSG.semBoletos, ...result };
  });
}
