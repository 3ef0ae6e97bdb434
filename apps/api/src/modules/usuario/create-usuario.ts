import { eq, sql } from 'drizzle-orm';
import { defaultPermissions, NIVEL, type UsuarioCreateInput } from '@bg/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { empresa, usuario } from '../../db/schema/index.js';
import { AppError, invalid } from '../../errors/app-error.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Actor } from '../../shared/actor.js';
import { hashPassword } from '../auth/password-hash.js';
import { assertPasswordPolicy } from '../auth/password-policy.js';
import { empresaScope } from '../tenancy/scope.js';
import { assertCanManage } from './usuario-access.js';

export const LOGIN_TAKEN = 'Este login já está em uso.';

export async function assertLoginFree(tx: DbOrTx, login: string, exceptId?: number) {
  const [other] = await tx.select({ id: usuario.id }).from(usuario).where(sql`lower(${usuario.login}) = ${login.toLowerCase()}`);
  if (other && other.id !== exceptId) throw new AppError('CONFLICT', LOGIN_TAKEN, { errors: { login: LOGIN_TAKEN } });
}

export async function assertEmpresaExists(tx: DbOrTx, empresaId: number | null) {
  if (empresaId === null) return;
  const [row] = await tx.select({ id: empresa.id }).from(empresa).where(eq(empresa.id, empresaId));
  if (!row) throw invalid({ empresa_id: 'Empresa não encontrada.' });
}

/**
 * POST /api/usuario/create: a new user with the default permissions of its level. Its password
 * must pass the password policy (password-policy.ts: the schema already refused a short one or
 * the login; here the common-password list).
 */
export async function createUsuario(db: Db, actor: Actor, input: UsuarioCreateInput) {
  const empresaId = input.nivel === NIVEL.ADMINISTRADOR ? null : input.empresa_id;
  const scope = await empresaScope(db, actor);
  assertCanManage(actor, scope, { empresa_id: empresaId, nivel: input.nivel }, 'assign');
  await assertPasswordPolicy(input.password, input.login);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await assertLoginFree(tx, input.login);
    await assertEmpresaExists(tx, empresaId);
    const [row] = await tx
      .insert(usuario)
      .values({
        name: input.name,
        login: input.login,
        email: input.email,
        nivel: input.nivel,
        empresa_id: empresaId,
        setor: input.setor,
        password_hash: passwordHash,
        permissoes: defaultPermissions(input.nivel),
        situacao: 'ATIVO',
        token_version: 0,
      })
      .returning({ id: usuario.id });
    await recordAudit(tx, actor, {
      action: 'usuario.create',
      entity: 'usuario',
      entityId: row.id,
      summary: { login: input.login, name: input.name, nivel: input.nivel, empresa_id: empresaId },
    });
    return row;
  });
}
