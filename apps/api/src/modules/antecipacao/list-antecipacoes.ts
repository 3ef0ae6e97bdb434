import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { AntecipacaoSituacao } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { antecipacao, empresa } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { pagedSelect } from '../../shared/paged-select.js';
import { empresaScope, inScope } from '../tenancy/scope.js';
import { antecipacaoColumns, presentAntecipacao } from './antecipacao-row.js';

export type ListAntecipacoesInput = { page: number; per_page: number; situacao?: AntecipacaoSituacao; empresa_id?: number };

/**
 * GET /api/relatorio/getAllAntecipacao: the advances of the empresas the actor sees (usuario: its
 * own; franqueado: its own and its franchisees'; administrador: all), newest first. Reading the
 * history stays open to an empresa whose antecipa was turned off later.
 */
export async function listAntecipacoes(db: Db, actor: Actor, input: ListAntecipacoesInput) {
  const scope = await empresaScope(db, actor);
  const filters: SQL[] = [inScope(scope, antecipacao.empresa_id)];
  if (input.situacao) filters.push(eq(antecipacao.situacao, input.situacao));
  if (input.empresa_id) filters.push(eq(antecipacao.empresa_id, input.empresa_id));
  const query = db
    .select(antecipacaoColumns)
    .from(antecipacao)
    .innerJoin(empresa, eq(empresa.id, antecipacao.empresa_id))
    .where(and(...filters))
    .$dynamic();
  return pagedSelect(db, query, { ...input, orderBy: [desc(antecipacao.created_at), desc(antecipacao.id)] }, presentAntecipacao);
}
