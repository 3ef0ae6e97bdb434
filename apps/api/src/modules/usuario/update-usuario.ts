import { eq, sql } from 'drizzle-orm';
import { defaultPermissions, NIVEL, type UsuarioUpdateInput } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { usuario } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import { diffFields, recordAudit } from '../audit/record-audit.js';
import type { Actor } from '../../shared/actor.js';
import { empresaScope } from '../tenancy/scope.js';
import { assertEmpresaExists, assertLoginFree } from './create-usuario.js';
import { assertCanManage } from './usuario-access.js';

/**
 * POST /api/usuario/update/{id}: name, login, e-mail, level, empresa (never the password, which
 * only its owner changes). The actor must be allowed to manage the user as it is and as it will be.
 */
export async function updateUsuario(db: Db, actor: Actor, id: number, input: UsuarioUpdateInput) {
  const empresaId = input.nivel === NIVEL.ADMINISTRADOR ? null : input.empresa_id;
  const scope = await empresaScope(db, actor);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(usuario).where(eq(usuario.id, id)).for('update');
    if (!before) throw notFound('Usuário');
    assertCanManage(actor, scope, { empresa_id: before.empresa_id, nivel: before.nivel }, 'see');
    assertCanManage(actor, scope, { empresa_id: empresaId, nivel: input.nivel }, 'assign');
    await assertLoginFree(tx, input.login, id);
    await assertEmpresaExists(tx, empresaId);
    const changes = { name: input.name, login: input.login, email: input.email, nivel: input.nivel, empresa_id: empresaId, setor: input.setor };
    const levelChanged = before.nivel !== input.nivel;
    await tx
      .update(usuario)
      .set({ ...changes, ...(levelChanged ? { permissoes: defaultPermissions(input.nivel) } : {}), updated_at: sql`now()` })
      .where(eq(usuario.id, id));
    await recordAudit(tx, actor, { action: 'usuario.update', entity: 'usuario', entityId: id, summary: diffFields(before, changes) });
    return { id };
  });
}
