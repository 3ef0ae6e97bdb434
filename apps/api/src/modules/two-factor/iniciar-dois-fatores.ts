import { eq, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { TWO_FACTOR_ISSUER, TWO_FACTOR_MSG } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { usuarioDoisFatores } from '../../db/schema/index.js';
import { AppError } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import type { SecretBox } from '../auth/secret-box.js';
import type { SessionUser } from '../auth/session-user.js';
import { generateTotpSecret, otpauthUrl } from '../auth/totp.js';
import { secretContext } from '../auth/verify-second-factor.js';

/**
 * POST /api/usuario/doisFatores/iniciar: a new TOTP secret for the logged-in user, stored sealed
 * and pending until the first code confirms it (a new call replaces a pending one). The secret,
 * its otpauth:// URI and the QR code are answered here only; nothing answers them again.
 */
export async function iniciarDoisFatores(db: Db, box: SecretBox, user: Pick<SessionUser, 'id' | 'login'>, actor: Actor) {
  const segredo = generateTotpSecret();
  const sealed = box.seal(segredo, secretContext(user.id));
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ ativo: usuarioDoisFatores.ativo }).from(usuarioDoisFatores).where(eq(usuarioDoisFatores.usuario_id, user.id)).for('update');
    if (row?.ativo) throw new AppError('CONFLICT', TWO_FACTOR_MSG.alreadyOn);
    const saved = await tx
      .insert(usuarioDoisFatores)
      .values({ usuario_id: user.id, segredo_cifrado: sealed, ativo: false })
      .onConflictDoUpdate({
        target: usuarioDoisFatores.usuario_id,
        set: { segredo_cifrado: sealed, ultimo_passo: null, created_at: sql`now()` },
        // never over a setup that another request confirmed meanwhile
        setWhere: sql`${usuarioDoisFatores.ativo} = false`,
      })
      .returning({ usuario_id: usuarioDoisFatores.usuario_id });
    if (!saved.length) throw new AppError('CONFLICT', TWO_FACTOR_MSG.alreadyOn);
    await recordAudit(tx, actor, { action: 'dois_fatores.iniciar', entity: 'usuario', entityId: user.id });
  });
  const url = otpauthUrl(TWO_FACTOR_ISSUER, user.login, segredo);
  return { segredo, otpauth_url: url, qr_code: await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 240 }) };
}
