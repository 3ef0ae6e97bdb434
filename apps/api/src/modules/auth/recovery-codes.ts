import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { usuarioCodigoRecuperacao } from '../../db/schema/index.js';
import { hashPassword, verifyPassword } from './password-hash.js';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** One code: 10 base32 characters (50 random bits), shown as `xxxxx-xxxxx`. */
export function newRecoveryCode(): string {
  const chars = [...randomBytes(10)].map((b) => ALPHABET[b & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** How a code is stored and compared: lower case, no hyphen or spaces (secondFactorCodeSchema's form). */
export const normaliseRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

/** Replaces the user's recovery codes with new ones (argon2id hashes); answers them for showing once. */
export async function replaceRecoveryCodes(tx: DbOrTx, usuarioId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((c) => hashPassword(normaliseRecoveryCode(c))));
  await tx.delete(usuarioCodigoRecuperacao).where(eq(usuarioCodigoRecuperacao.usuario_id, usuarioId));
  await tx.insert(usuarioCodigoRecuperacao).values(hashes.map((codigo_hash) => ({ usuario_id: usuarioId, codigo_hash })));
  return codes;
}

/**
 * Uses one recovery code: compared with each unused hash, and marked used by an update that only
 * succeeds while it is still unused — of two requests racing with the same code, one wins.
 */
export async function useRecoveryCode(tx: DbOrTx, usuarioId: number, code: string): Promise<boolean> {
  const normalised = normaliseRecoveryCode(code);
  if (!/^[a-z2-7]{10}$/.test(normalised)) return false;
  const rows = await tx
    .select({ id: usuarioCodigoRecuperacao.id, codigo_hash: usuarioCodigoRecuperacao.codigo_hash })
    .from(usuarioCodigoRecuperacao)
    .where(and(eq(usuarioCodigoRecuperacao.usuario_id, usuarioId), isNull(usuarioCodigoRecuperacao.usado_em)));
  for (const row of rows) {
    if (!(await verifyPassword(row.codigo_hash, normalised))) continue;
    const used = await tx
      .update(usuarioCodigoRecuperacao)
      .set({ usado_em: sql`now()` })
      .where(and(eq(usuarioCodigoRecuperacao.id, row.id), isNull(usuarioCodigoRecuperacao.usado_em)))
      .returning({ id: usuarioCodigoRecuperacao.id });
    return used.length > 0;
  }
  return false;
}

export async function unusedRecoveryCodes(db: DbOrTx, usuarioId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(usuarioCodigoRecuperacao)
    .where(and(eq(usuarioCodigoRecuperacao.usuario_id, usuarioId), isNull(usuarioCodigoRecuperacao.usado_em)));
  return Number(row?.n ?? 0);
}
