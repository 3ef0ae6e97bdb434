import { eq, sql } from 'drizzle-orm';
import { PERMISSION, type ChangePasswordInput } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { usuario } from '../../db/schema/index.js';
import { AppError, forbidden, notFound } from '../../errors/app-error.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Actor } from '../../shared/actor.js';
import { recordFailure, type SessionDeps } from '../auth/login.js';
import { ANY_IP_PASSWORD, claimAttempt } from '../auth/login-throttle.js';
import { hashPassword, verifyPassword } from '../auth/password-hash.js';
import { assertPasswordPolicy } from '../auth/password-policy.js';
import { revokeAllForUser } from '../auth/refresh-tokens.js';

const WRONG_CURRENT = 'A senha atual não confere.';

/**
 * POST /api/usuario/updatePassword/{id}: a user changes its own password after proving the
 * current one. The new one must pass the password policy (password-policy.ts; checked first: it
 * reveals nothing). The current one is checked under the login limits, like a login's password
 * (login-throttle.ts: per address, and per login from unknown addresses), so a stolen access
 * token cannot guess it faster than a login could. Every session of the user ends (token_version
 * bump + refresh tokens revoked), so the client logs out on success as the spec says.
 */
export async function updatePassword(
  db: Db,
  deps: Pick<SessionDeps, 'limits' | 'onBackoff'>,
  actor: Actor & { permissoes: string[] },
  targetId: number,
  input: ChangePasswordInput,
) {
  if (targetId !== actor.id) throw notFound('Usuário');
  if (!actor.permissoes.includes(PERMISSION.UPDATE_PASSWORD)) throw forbidden('Você não tem permissão para alterar a senha.');
  const [current] = await db.select({ login: usuario.login }).from(usuario).where(eq(usuario.id, targetId));
  if (!current) throw notFound('Usuário');
  await assertPasswordPolicy(input.password, current.login);

  const attempt = await claimAttempt(db, deps.limits, current.login, actor.ip ?? 'unknown', ANY_IP_PASSWORD);
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(usuario).where(eq(usuario.id, targetId)).for('update');
    if (!row) throw notFound('Usuário');
    if (!(await verifyPassword(row.password_hash, input.old_password))) return 'wrong' as const;
    if (input.old_password === input.password) {
      await attempt.succeeded(tx, { session: false });
      return 'same' as const;
    }
    await tx
      .update(usuario)
      .set({ password_hash: await hashPassword(input.password), token_version: sql`${usuario.token_version} + 1`, updated_at: sql`now()` })
      .where(eq(usuario.id, targetId));
    await revokeAllForUser(tx, targetId);
    await attempt.succeeded(tx, { session: true });
    await recordAudit(tx, actor, { action: 'usuario.updatePassword', entity: 'usuario', entityId: targetId });
    return 'changed' as const;
  });
  if (outcome === 'changed') return;
  if (outcome === 'same') {
    throw new AppError('VALIDATION', 'A nova senha deve ser diferente da atual.', { errors: { password: 'A nova senha deve ser diferente da atual.' } });
  }
  await recordFailure(db, attempt, targetId, deps, 'usuario.updatePassword_senha_incorreta');
  throw new AppError('VALIDATION', WRONG_CURRENT, { errors: { old_password: WRONG_CURRENT } });
}
