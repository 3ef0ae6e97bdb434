import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { ChaveStatus, PagedResult } from '@bg/domain';
import type { DbOrTx } from '../../../db/client.js';
import { empresa, usuario } from '../../../db/schema/index.js';
import { apiChave, apiChaveSegredo } from '../../../db/schema/integracao-chaves.js';
import { pagedSelect } from '../../../shared/paged-select.js';
import { empresaDasChaves, type GestorChaves } from './acesso.js';

/** The previous secret still inside its overlap, if any (one row: the latest). */
const anterior = sql<{ prefixo: string; valido_ate: string } | null>`(
  select json_build_object('prefixo', s.prefixo, 'valido_ate', s.valido_ate)
    from api_chave_segredo s
   where s.chave_id = ${apiChave.id} and s.valido_ate is not null and s.valido_ate > now()
   order by s.valido_ate desc limit 1)`;

export const chaveColumns = {
  id: apiChave.id,
  empresa_id: apiChave.empresa_id,
  empresa: empresa.fantasia,
  nome: apiChave.nome,
  prefixo: apiChaveSegredo.prefixo,
  escopos: apiChave.escopos,
  ips: apiChave.ips,
  expira_em: apiChave.expira_em,
  criado_em: apiChave.criado_em,
  criado_por: usuario.name,
  ultimo_uso_em: apiChave.ultimo_uso_em,
  ultimo_uso_ip: apiChave.ultimo_uso_ip,
  revogada_em: apiChave.revogada_em,
  anterior,
};

type ChaveRow = {
  id: number; empresa_id: number; empresa: string; nome: string; prefixo: string; escopos: string[]; ips: string[];
  expira_em: Date | null; criado_em: Date; criado_por: string | null; ultimo_uso_em: Date | null; ultimo_uso_ip: string | null;
  revogada_em: Date | null; anterior: { prefixo: string; valido_ate: string } | null;
};

export function statusDaChave(row: Pick<ChaveRow, 'revogada_em' | 'expira_em'>, now: Date): ChaveStatus {
  if (row.revogada_em) return 'revogada';
  if (row.expira_em && row.expira_em.getTime() <= now.getTime()) return 'expirada';
  return 'ativa';
}

export function presentChave(row: ChaveRow, now: Date) {
  const { anterior: prev, ...rest } = row;
  return {
    ...rest,
    escopos: row.escopos as ('garantias:write' | 'garantias:read' | 'boletos:read' | 'webhooks:manage')[],
    status: statusDaChave(row, now),
    segredo_anterior: prev && !row.revogada_em ? { prefixo: prev.prefixo, valido_ate: new Date(prev.valido_ate) } : null,
  };
}
export type ChaveJson = ReturnType<typeof presentChave>;

/** The keys with their current secret's prefix, the shop's name and who made them. */
export function selectChaves(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(chaveColumns)
    .from(apiChave)
    .innerJoin(empresa, eq(empresa.id, apiChave.empresa_id))
    .innerJoin(apiChaveSegredo, and(eq(apiChaveSegredo.chave_id, apiChave.id), isNull(apiChaveSegredo.valido_ate)))
    .leftJoin(usuario, eq(usuario.id, apiChave.criado_por))
    .where(where)
    .$dynamic();
}

/**
 * GET /api/integracao/chaves: an administrador every shop's keys (or one shop's, `empresa_id`), a
 * user with the permission its own shop's; newest first. Never a secret nor a hash.
 */
export async function listarChaves(db: DbOrTx, actor: GestorChaves, query: { page: number; per_page: number; empresa_id?: number }, now: Date): Promise<PagedResult<ChaveJson>> {
  const own = empresaDasChaves(actor);
  const empresaId = own ?? query.empresa_id;
  const where = empresaId === undefined ? undefined : eq(apiChave.empresa_id, empresaId);
  return pagedSelect(db, selectChaves(db, where), { ...query, orderBy: [desc(apiChave.criado_em), desc(apiChave.id)] }, (row) => presentChave(row as ChaveRow, now));
}
