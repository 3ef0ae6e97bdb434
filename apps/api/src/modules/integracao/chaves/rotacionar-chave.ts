import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { CHAVE_MSG } from '@bg/domain';
import type { Db } from '../../../db/client.js';
import { apiChaveSegredo } from '../../../db/schema/integracao-chaves.js';
import { wrongState } from '../../../errors/app-error.js';
import { recordAudit } from '../../audit/record-audit.js';
import type { GestorChaves } from './acesso.js';
import { lockChave } from './revogar-chave.js';
import { novoSegredo } from './segredo.js';

/**
 * POST /api/integracao/chaves/{id}/rotacionar: a new secret for the same key (same id, scopes,
 * allow-list, expiry), answered once. The current secret keeps working for `sobreposicao_horas`
 * (0: it stops now), so the shop can deploy the new one before the old one ends; an older secret
 * still inside an earlier overlap ends no later than that either. The key's row lock orders two
 * rotations: each one ends the secret the other made current.
 */
export async function rotacionarChave(db: Db, actor: GestorChaves, id: number, sobreposicaoHoras: number, now: Date) {
  return db.transaction(async (tx) => {
    const row = await lockChave(tx, actor, id);
    if (row.revogada_em) throw wrongState(CHAVE_MSG.jaRevogada);
    if (row.expira_em && row.expira_em.getTime() <= now.getTime()) throw wrongState(CHAVE_MSG.expirada);
    const ate = new Date(now.getTime() + sobreposicaoHoras * 3_600_000);
    // the secrets still valid after `ate` (the current one, an earlier overlap's) end then
    await tx
      .update(apiChaveSegredo)
      .set({ valido_ate: ate })
      .where(and(eq(apiChaveSegredo.chave_id, id), or(isNull(apiChaveSegredo.valido_ate), gt(apiChaveSegredo.valido_ate, ate))));
    const segredo = novoSegredo();
    await tx.insert(apiChaveSegredo).values({ chave_id: id, prefixo: segredo.prefixo, hash: segredo.hash, criado_por: actor.id });
    await recordAudit(tx, actor, {
      action: 'integracao.chave.rotacionar',
      entity: 'api_chave',
      entityId: id,
      summary: { empresa_id: row.empresa_id, prefixo: segredo.prefixo, sobreposicao_horas: sobreposicaoHoras, anterior_valido_ate: ate },
    });
    return { id, prefixo: segredo.prefixo, chave: segredo.chave, anterior_valido_ate: ate };
  });
}
