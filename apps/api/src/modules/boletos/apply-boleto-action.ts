import { NIVEL, SOMENTE_LEITURA_MSG, type BoletoAction } from '@bg/domain';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { boleto } from '../../db/schema/index.js';
import { forbidden } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { assertSeam, SEAM_OF } from './boleto-seams.js';
import { changeSituacao, type SituacaoChange } from './change-situacao.js';
import { findVisibleBoleto } from './get-boleto.js';

export type ActionRule = {
  /** false: administradores only. true: also the users of the boleto's own empresa (not a franchisee's). */
  ownEmpresaMayAct: boolean;
  motivo: string;
};

/**
 * The shared frame of the boleto action use-cases: permission, tenancy (404 outside the scope),
 * one transaction, the seams with advances (boleto-seams.ts), the guarded transition with history,
 * audit and its ledger posting (changeSituacao), and an optional extra step in the same transaction.
 */
export async function applyBoletoAction<T = undefined>(
  db: Db,
  actor: Actor,
  id: number,
  action: BoletoAction,
  rule: ActionRule,
  extra?: (tx: Tx, change: SituacaoChange) => Promise<T>,
): Promise<{ change: SituacaoChange; result: T | undefined }> {
  return db.transaction(async (tx) => {
    const { row } = await findVisibleBoleto(tx, actor, id);
    // a franqueado sees its franchisees' boletos but does not act on them: it is told they are read-only
    if (actor.nivel !== NIVEL.ADMINISTRADOR && !(rule.ownEmpresaMayAct && row.empresa_id === actor.empresa_id)) {
      throw forbidden(rule.ownEmpresaMayAct ? SOMENTE_LEITURA_MSG : undefined);
    }
    // the row lock first, so an advance cannot be requested or decided between the seam check and the change
    await tx.select({ id: boleto.id }).from(boleto).where(eq(boleto.id, id)).for('update');
    const seam = SEAM_OF[action];
    if (seam) await assertSeam(tx, actor, id, seam);
    const change = await changeSituacao(tx, id, action, actor, rule.motivo);
    const result = extra ? await extra(tx, change) : undefined;
    return { change, result };
  });
}
