import { ANTECIPACAO_SITUACAO } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../shared/actor.js';
import { decideAntecipacao, releaseBoletos } from './decide-antecipacao.js';

/**
 * POST /api/relatorio/negaAntecipacao/{id} (administrador): EM ANÁLISE → NEGADA, final. Its
 * boletos are released and may be advanced in a new request.
 */
export function negarAntecipacao(db: DbOrTx, actor: Actor, id: number) {
  return decideAntecipacao(db, actor, id, { to: ANTECIPACAO_SITUACAO.NEGADA, action: 'antecipacao.negar', after: releaseBoletos });
}
