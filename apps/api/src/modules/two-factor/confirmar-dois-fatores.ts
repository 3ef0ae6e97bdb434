import { eq, sql } from 'drizzle-orm';
import { TWO_FACTOR_MSG } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { usuario, usuarioDoisFatores } from '../../db/schema/index.js';
import { AppError } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import type { SecretBox } from '../auth/secret-box.js';
import { matchTotp } from '../auth/totp.js';
import { replaceRecoveryCodes } from '../auth/recovery-codes.js';
import { revokeOtherSessions } from '../auth/refresh-tokens.js';
import { secretContext } from '../auth/verify-second-factor.js';

/**
 * POST /api/usuario/doisFatores/confirmar: the first code from the app proves the secret was read
 * right; two-factor sign-in is on from the next login, and 10 new recovery codes are answered
 * (shown once: only their argon2id hashes are kept). Every other session of the user ends
 * (decision 106): the token_version goes up (every access token stops at once) and the refresh
 * tokens are revoked, except the family of `currentRefresh` — the refresh cookie that came with
 * this request — so the session that turned it on continues after one silent refresh. Without
 * that cookie every session ends.
 */
export async function confirmarDoisFatores(
  db: Db,
  box: SecretBox,
  actor: Actor,
  code: string,
  currentRefresh: string | undefined,
  nowMs = Date.now(),
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(usuarioDoisFatores).where(eq(usuarioDoisFatores.usuario_id, actor.id)).for('update');
    if (!row) throw new AppError('CONFLICT', TWO_FACTOR_MSG.notStarted);
    if (row.ativo) throw new AppError('CONFLICT', TWO_FACTOR_MSG.alreadyOn);
    const secret = box.open(row.segredo_cifrado, secretContext(actor.id));
    if (secret === null) throw new AppError('CONFLICT', TWO_FACTOR_MSG.notStarted);
    const step = matchTotp(secret, code, { nowMs });
    if (step === null) throw new AppError('VALIDATION', TWO_FACTOR_MSG.codeInvalid, { errors: { code: TWO_FACTOR_MSG.codeInvalid } });
    await tx
      .update(usuarioDoisFatores)
      .set({ ativo: true, ativado_em: sql`now()`, ultimo_passo: step })
      .where(eq(usuarioDoisFatores.usuario_id, actor.id));
    const codes = await replaceRecoveryCodes(tx, actor.id);
    await tx.update(usuario).set({ token_version: sql`${usuario.token_version} + 1`, updated_at: sql`now()` }).where(eq(usuario.id, actor.id));
    const kept = await revokeOtherSessions(tx, actor.id, currentRefresh);
    await recordAudit(tx, actor, { action: 'dois_fatores.ativar', entity: 'usuario', entityId: actor.id, summary: { sessao_mantida: kept !== null } });
    return codes;
  });
}
