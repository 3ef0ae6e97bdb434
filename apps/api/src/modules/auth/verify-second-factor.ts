import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { usuarioDoisFatores } from '../../db/schema/index.js';
import type { SecretBox } from './secret-box.js';
import { matchTotp } from './totp.js';
import { useRecoveryCode } from './recovery-codes.js';

/** The associated data a user's sealed secret is bound to (secret-box.ts). */
export const secretContext = (usuarioId: number) => `usuario:${usuarioId}`;

export type SecondFactorDeps = { box: SecretBox; onUnreadableSecret?: (usuarioId: number) => void };

/**
 * Checks a code for a user with two-factor sign-in on: 6 digits against the TOTP secret (the
 * accepted step is stored, so the same code never works twice), anything else as a recovery code
 * (used up). Locks the user's row, so two requests with one code accept it once. Answers how the
 * user proved it, or null. A secret that no longer opens (TOTP_ENCRYPTION_KEY / JWT_SECRET
 * changed) is reported and only recovery codes work until the user sets two-factor up again.
 */
export async function verifySecondFactor(tx: DbOrTx, deps: SecondFactorDeps, usuarioId: number, code: string, nowMs = Date.now()): Promise<'totp' | 'recuperacao' | null> {
  const [row] = await tx.select().from(usuarioDoisFatores).where(eq(usuarioDoisFatores.usuario_id, usuarioId)).for('update');
  if (!row?.ativo) return null;
  if (!/^\d{6}$/.test(code)) return (await useRecoveryCode(tx, usuarioId, code)) ? 'recuperacao' : null;
  const secret = deps.box.open(row.segredo_cifrado, secretContext(usuarioId));
  if (secret === null) {
    deps.onUnreadableSecret?.(usuarioId);
    return null;
  }
  const step = matchTotp(secret, code, { nowMs, afterStep: row.ultimo_passo });
  if (step === null) return null;
  await tx.update(usuarioDoisFatores).set({ ultimo_passo: step }).where(eq(usuarioDoisFatores.usuario_id, usuarioId));
  return 'totp';
}
