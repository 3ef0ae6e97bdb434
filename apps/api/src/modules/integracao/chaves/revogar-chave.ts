import { and, eq, isNull } from 'drizzle-orm';
import { CHAVE_MSG } from '@bg/domain';
import type { Db, Tx } from '../../../db/client.js';
import { apiChave } from '../../../db/schema/integracao-chaves.js';
import { wrongState } from '../../../errors/app-error.js';
import { recordAudit } from '../../audit/record-audit.js';
import { chaveNaoEncontrada, empresaDasChaves, type GestorChaves } from './acesso.js';
import { presentChave, selectChaves, type ChaveJson } from './listar-chaves.js';

/**
 * Locks a key the actor manages (404 for one it does not: another shop's key is not in its sight).
 * Used by revoke and rotate, each in its own transaction.
 */
export async function lockChave(tx: Tx, actor: GestorChaves, id: number) {
  const own = empresaDasChaves(actor);
  const [row] = await tx
    .select({ id: apiChave.id, empresa_id: apiChave.empresa_id, revogada_em: apiChave.revogada_em, expira_em: apiChave.expira_em })
    .from(apiChave)
    .where(and(eq(apiChave.id, id), own === null ? undefined : eq(apiChave.empresa_id, own)))
    .for('update');
  if (!row) throw chaveNaoEncontrada();
  return row;
}

export async function chaveJsonById(tx: Tx | Db, id: number, now: Date): Promise<ChaveJson> {
  const [row] = await selectChaves(tx, eq(apiChave.id, id));
  if (!row) throw chaveNaoEncontrada();
  return presentChave(row as Parameters<typeof presentChave>[0], now);
}

/**
 * POST /api/integracao/chaves/{id}/revogar: from now on every secret of the key is refused (401).
 * Guarded: revoking a revoked key answers 409 and changes nothing.
 */
export async function revogarChave(db: Db, actor: GestorChaves, id: number, now: Date): Promise<ChaveJson> {
  return db.transaction(async (tx) => {
    const row = await lockChave(tx, actor, id);
    if (row.revogada_em) throw wrongState(CHAVE_MSG.jaRevogada);
    await tx.update(apiChave).set({ revogada_em: now, revogada_por: actor.id }).where(and(eq(apiChave.id, id), isNull(apiChave.revogada_em)));
    await recordAudit(tx, actor, { action: 'integracao.chave.revogar', entity: 'api_chave', entityId: id, summary: { empresa_id: row.empresa_id } });
    return chaveJsonById(tx, id, now);
  });
}
