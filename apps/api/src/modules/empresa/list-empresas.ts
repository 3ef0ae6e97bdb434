import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { onlyDigits } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { empresa } from '../../db/schema/index.js';
import { offsetOf, paged } from '../../http/paging.js';
import type { Actor } from '../audit/record-audit.js';
import { empresaScope, inScope } from '../tenancy/scope.js';
import { toEmpresaJson } from './empresa-row.js';

export type ListEmpresasInput = { page: number; per_page: number; pesquisa?: string };

/** GET /api/empresa/getAllPaginate: the empresas in the actor's scope, searched by name or CNPJ. */
export async function listEmpresas(db: Db, actor: Actor, input: ListEmpresasInput) {
  const scope = await empresaScope(db, actor);
  const filters: SQL[] = [inScope(scope, empresa.id)];
  if (input.pesquisa) {
    const like = `%${input.pesquisa}%`;
    const digits = onlyDigits(input.pesquisa);
    const byName = or(ilike(empresa.fantasia, like), ilike(empresa.razao, like)) as SQL;
    filters.push(digits.length >= 3 ? (or(byName, ilike(empresa.cnpj, `%${digits}%`)) as SQL) : byName);
  }
  const where = and(...filters);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(empresa).where(where);
  const rows = await db
    .select()
    .from(empresa)
    .where(where)
    .orderBy(desc(empresa.id))
    .limit(input.per_page)
    .offset(offsetOf(input.page, input.per_page));
  return paged(rows.map(toEmpresaJson), Number(total), input.page, input.per_page);
}
