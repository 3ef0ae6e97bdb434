import { and, desc } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { empresa } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { pagedSelect, textSearch } from '../../shared/paged-select.js';
import { empresaScope, inScope } from '../tenancy/scope.js';
import { toEmpresaJson } from './empresa-row.js';

export type ListEmpresasInput = { page: number; per_page: number; pesquisa?: string };

/** GET /api/empresa/getAllPaginate: the empresas in the actor's scope, searched by name or CNPJ. */
export async function listEmpresas(db: Db, actor: Actor, input: ListEmpresasInput) {
  const scope = await empresaScope(db, actor);
  const search = textSearch(input.pesquisa, { text: [empresa.fantasia, empresa.razao], digits: [empresa.cnpj] });
  const query = db.select().from(empresa).where(and(inScope(scope, empresa.id), search)).$dynamic();
  return pagedSelect(db, query, { ...input, orderBy: [desc(empresa.id)] }, toEmpresaJson);
}
