import { desc, eq } from 'drizzle-orm';
import { type PagedResult, type RetornoJson } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { backgroundJob, retorno, usuario } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { pagedSelect } from '../../shared/paged-select.js';
import type { PageInput } from '../../shared/paging.js';
import { joinRetornoJob, joinRetornoUsuario, presentRetorno, retornoColumns } from './retorno-row.js';
import { assertAdmin } from '../tenancy/access.js';

/** GET /api/retorno/getAllPaginate (administrador): the files, newest first, with what each one did (the API's daily movements are the boletos' history, docs/banks.md). */
export async function listRetornos(db: Db, actor: Actor, input: PageInput): Promise<PagedResult<RetornoJson>> {
  assertAdmin(actor);
  const query = db.select(retornoColumns).from(retorno).leftJoin(usuario, joinRetornoUsuario).leftJoin(backgroundJob, joinRetornoJob).where(eq(retorno.origem, 'ARQUIVO')).$dynamic();
  return pagedSelect(db, query, { ...input, orderBy: [desc(retorno.created_at), desc(retorno.id)] }, presentRetorno);
}
