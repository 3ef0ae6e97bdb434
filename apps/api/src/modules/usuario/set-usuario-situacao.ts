import { and, eq, sql } from 'drizzle-orm';
import type { UsuarioSituacao } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { usuario } from '../../db/schema/index.js';
import { AppError, notFound, wrongState } from '../../errors/app-error.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Actor } from '../../shared/actor.js';
import { revokeAllForUser } from '../auth/refresh-tokens.js';
import { empresaScope } from '../tenancy/scope.js';
import { assertCanManage } from './usuario-access.js';

/**
 * POST /api/usuario/disable/{id} and /enable/{id} (the list's Bloquear / Desbloquear). Blocking
 * bumps token_version and revokes the refresh tokens, so every session of the user ends at once.
 */
export async function setUsuarioSituacao(db: Db, actor: Actor, id: number, situacao: UsuarioSituacao) {
  if (situacao === 'BLOQUEADO' && id === actor.id) throw new AppError('BAD_REQUEST', 'Você não pode bloquear o seu próprio usuário.');
  const scope = await empresaScope(db, actor);
  const from: UsuarioSituacao = situacao === 'ATIVO' ? 'BLOQUEADO' : 'ATIVO';
  return db.transaction(async (tx) => {
    const [target] = await tx.select().from(usuario).where(eq(usuario.id, id)).for('update');
    if (!target) throw notFound('Usuário');
    assertCanManage(actor, scope, { empresa_id: target.empresa_id, nivel: target.nivel }, 'see');
    const [row] = await tx
      .update(usuario)
      .set({
        situacao,
        ...(situacao === 'BLOQUEADO' ? { token_version: sql`${usuario.token_version} + 1` } : {}),
        updated_at: sql`now()`,
      })
      .where(and(eq(usuario.id, id), eq(usuario.situacao, from)))
      .returning({ id: usuario.id });
    if (!row) throw wrongState(situacao === 'ATIVO' ? 'O usuário já está ativo.' : 'O usuário já está bloqueado.');
    if (situacao === 'BLOQUEADO') await revokeAllForUser(tx, id);
    await recordAudit(tx, actor, {
      action: situacao === 'ATIVO' ? 'usuario.enable' : 'usuario.disable',
      entity: 'usuario',
      entityId: id,
      summary: { situacao: { before: from, after: situacao } },
    });
    return { id, situacao };
  });
}
