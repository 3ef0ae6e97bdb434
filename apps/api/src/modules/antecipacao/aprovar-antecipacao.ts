import { ANTECIPACAO_SITUACAO } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../shared/actor.js';
import { postAntecipacaoAprovada } from '../ledger/post-antecipacao.js';
import { emitirEventoAntecipacao } from '../eventos/eventos-cobranca.js';
import { assertBoletosStillGarantidos, decideAntecipacao } from './decide-antecipacao.js';

/**
 * POST /api/relatorio/aprovaAntecipacao/{id} (administrador): EM ANÁLISE → APROVADA, final. The
 * boletos stay in the advance for good (never advanced again); the document becomes available.
 * The payment to the shop and the fees are posted to the ledger in the same transaction.
 */
export function aprovarAntecipacao(db: DbOrTx, actor: Actor, id: number) {
  return decideAntecipacao(db, actor, id, {
    to: ANTECIPACAO_SITUACAO.APROVADA,
    action: 'antecipacao.aprovar',
    before: assertBoletosStillGarantidos,
    after: async (tx) => {
      await postAntecipacaoAprovada(tx, id, actor.id);
      await emitirEventoAntecipacao(tx, id, 'antecipacao.aprovada');
    },
  });
}
