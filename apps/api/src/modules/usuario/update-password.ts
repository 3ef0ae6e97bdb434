import { eq, sql } from 'drizzle-orm';
import { PERMISSION, type ChangePasswordInput } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { usuario } from '../../db/schema/index.js';
import { AppError, forbidden, notFound } from '../../errors/app-error.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Actor } from '../../shared/actor.js';
import { hashPassword, verifyPassword } from '../auth/password-hash.js';
import { revokeAllForUser } from '../auth/refresh-tokens.js';

/**
 * POST /api/usuario/updatePassword/{id}: a user changes its own password after proving the
 * current one. Every session of the user ends (token_version bump + refresh tokens revoked), so
 * the client logs out on success as the spec says.
 */
export async function updatePassword(db: Db, actor: Actor & { permissoes: string[] }, targetId: number, input: ChangePasswordInput) {
  if (targetId !== actor.id) throw notFound('Usuário');
  if (!actor.permissoes.includes(PERMISSION.UPDATE_PASSWORD)) throw forbidden('Você não tem permissão para alterar a senha.');
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(usuario).where(eq(usuario.id, targetId)).for('update');
    if (!row) throw notFound('Usuário');
    if (!(await verifyPassword(row.password_hash, input.old_password))) {
      throw new AppError('VALIDATION', 'A senha atual não confere.', { errors: { old_password: 'A senha atual não confere.' } });
    }
    if (input.old_password === input.password) {
      throw new AppError('VALIDATION', 'A nova senha deve ser diferente da atual.', {
        errors: { password: 'A nova senha deve ser diferente da atual.' },
      });
    }
    await tx
      .update(usuario)
      .set({ password_hash: await hashPassword(input.password), token_version: sql`${usuario.token_version} + 1`, updated_at: sql`now()` })
      .where(eq(usuario.id, targetId));
    await revokeAllForUser(tx, targetId);
    await recordAudit(tx, actor, { action: 'usuario.updatePassword', entity: 'usuario', entityId: targetId });
  });
}
