import { eq } from 'drizzle-orm';
import { NIVEL } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { usuarioDoisFatores } from '../../db/schema/index.js';
import type { SessionUser } from '../auth/session-user.js';
import { unusedRecoveryCodes } from '../auth/recovery-codes.js';

/** GET /api/usuario/doisFatores: whether it is on, since when, recovery codes left, and whether it is mandatory. */
export async function getDoisFatores(db: Db, user: Pick<SessionUser, 'id' | 'nivel'>, requireAdmin2fa: boolean) {
  const [row] = await db
    .select({ ativo: usuarioDoisFatores.ativo, ativado_em: usuarioDoisFatores.ativado_em })
    .from(usuarioDoisFatores)
    .where(eq(usuarioDoisFatores.usuario_id, user.id));
  const ativo = row?.ativo === true;
  return {
    ativo,
    ativado_em: ativo ? (row?.ativado_em ?? null) : null,
    codigos_restantes: ativo ? await unusedRecoveryCodes(db, user.id) : 0,
    obrigatorio: requireAdmin2fa && user.nivel === NIVEL.ADMINISTRADOR,
  };
}
