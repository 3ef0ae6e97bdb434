import { eq, sql } from 'drizzle-orm';
import { NIVEL, type CurrentUserJson, type EmpresaSituacao, type Nivel, type UsuarioSituacao } from '@bg/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { empresa, usuario, usuarioDoisFatores } from '../../db/schema/index.js';

/** What the API knows about the user of a request; loaded fresh on every request. */
export type SessionUser = {
  id: number;
  name: string;
  login: string;
  email: string | null;
  nivel: Nivel;
  setor: string | null;
  avatar: string | null;
  permissoes: string[];
  situacao: UsuarioSituacao;
  token_version: number;
  empresa_id: number | null;
  /** Two-factor sign-in is on (a confirmed TOTP secret; docs/decisions/095). */
  two_factor: boolean;
  empresa: {
    id: number;
    fantasia: string;
    razao: string;
    situacao: EmpresaSituacao;
    qtd_max_parcelas: number;
    antecipa: 'S' | 'N';
    simula_venda: 'S' | 'N';
  } | null;
};

/** The columns a session needs: the user, its empresa's flags and whether two-factor sign-in is on. */
const sessionColumns = {
  u: {
    id: usuario.id,
    name: usuario.name,
    login: usuario.login,
    email: usuario.email,
    nivel: usuario.nivel,
    setor: usuario.setor,
    avatar: usuario.avatar,
    permissoes: usuario.permissoes,
    situacao: usuario.situacao,
    token_version: usuario.token_version,
    empresa_id: usuario.empresa_id,
    password_hash: usuario.password_hash,
  },
  e: {
    id: empresa.id,
    fantasia: empresa.fantasia,
    razao: empresa.razao,
    situacao: empresa.situacao,
    qtd_max_parcelas: empresa.qtd_max_parcelas,
    antecipa: empresa.antecipa,
    simula_venda: empresa.simula_venda,
  },
  tf: usuarioDoisFatores.ativo,
};

function sessionSelect(db: DbOrTx) {
  return db
    .select(sessionColumns)
    .from(usuario)
    .leftJoin(empresa, eq(empresa.id, usuario.empresa_id))
    .leftJoin(usuarioDoisFatores, eq(usuarioDoisFatores.usuario_id, usuario.id));
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionSelect>['execute']>>[number];

/**
 * Every authenticated request reads its user by id: one named prepared statement, made once per app
 * by buildApp (PostgreSQL keeps it per connection), so the query is neither rebuilt by Drizzle nor
 * planned again on each request (docs/performance.md, "the fixed cost of a call"). The answer is
 * the user of an access token, read at the start of every authenticated request (http/auth.ts).
 */
export function requestUserLoader(db: Db): RequestUserLoader {
  const statement = sessionSelect(db).where(eq(usuario.id, sql.placeholder('id'))).prepare('session_user_by_id');
  return async (id) => toSessionUser((await statement.execute({ id }))[0]);
}

export type RequestUserLoader = (id: number) => Promise<(SessionUser & { password_hash: string }) | null>;

export async function loadSessionUser(db: DbOrTx, where: { id: number } | { login: string }): Promise<
  (SessionUser & { password_hash: string }) | null
> {
  const rows = await sessionSelect(db).where('id' in where ? eq(usuario.id, where.id) : sqlLowerLogin(where.login));
  return toSessionUser(rows[0]);
}

function toSessionUser(row: SessionRow | undefined): (SessionUser & { password_hash: string }) | null {
  if (!row) return null;
  const { u, e, tf } = row;
  return {
    id: u.id,
    name: u.name,
    login: u.login,
    email: u.email,
    nivel: u.nivel,
    setor: u.setor,
    avatar: u.avatar,
    permissoes: u.permissoes,
    situacao: u.situacao,
    token_version: u.token_version,
    empresa_id: u.empresa_id,
    two_factor: tf === true,
    password_hash: u.password_hash,
    empresa: e ? { ...e } : null,
  };
}

function sqlLowerLogin(login: string) {
  return sql`lower(${usuario.login}) = ${login.toLowerCase()}`;
}

/** Why a user may not use the system right now, or null when it may. */
export function accessRefusal(user: Pick<SessionUser, 'situacao' | 'empresa' | 'nivel'>): string | null {
  if (user.situacao !== 'ATIVO') return 'Usuário bloqueado. Procure o administrador do sistema.';
  if (user.empresa && user.empresa.situacao !== 'ATIVA') return 'Empresa bloqueada. Procure o administrador do sistema.';
  return null;
}

/**
 * An administrador who must set up two-factor sign-in first (REQUIRE_ADMIN_2FA) and has not: its
 * access tokens carry `mfa: 'setup-required'` and open only the setup calls (http/auth.ts).
 */
export function twoFactorSetupRequired(user: Pick<SessionUser, 'nivel' | 'two_factor'>, requireAdmin2fa: boolean): boolean {
  return requireAdmin2fa && user.nivel === NIVEL.ADMINISTRADOR && !user.two_factor;
}

/** The answer of GET /api/usuario/getUserCurrent (spec §3 User; sessionContracts.getUserCurrent). */
export function toCurrentUser(user: SessionUser, requireAdmin2fa: boolean): CurrentUserJson {
  const words = user.name.trim().split(/\s+/);
  const displayName = words.length > 1 ? `${words[0]} ${words[words.length - 1]}` : words[0];
  return {
    id: user.id,
    name: user.name,
    login: user.login,
    email: user.email,
    nivel: user.nivel,
    setor: user.setor,
    permissoes: user.permissoes,
    displayName,
    avatar: user.avatar,
    empresa: user.empresa
      ? {
          id: user.empresa.id,
          fantasia: user.empresa.fantasia,
          qtd_max_parcelas: user.empresa.qtd_max_parcelas,
          antecipa: user.empresa.antecipa,
          simula_venda: user.empresa.simula_venda,
        }
      : null,
    dois_fatores: { ativo: user.two_factor, configuracao_obrigatoria: twoFactorSetupRequired(user, requireAdmin2fa) },
  };
}
