import { and, eq, type SQL } from 'drizzle-orm';
import { fromCents, toCents } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { antecipacao, empresa } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { empresaScope, inScope } from '../tenancy/scope.js';

/** numeric(14,2) text → the JSON number of the wire (through centavos, never a float sum). */
export const money = (v: string) => fromCents(toCents(v));

/** Columns of an advance as the list shows it (spec §3 Advance, plus its Loja). */
export const antecipacaoColumns = {
  id: antecipacao.id,
  created_at: antecipacao.created_at,
  empresa_id: antecipacao.empresa_id,
  fantasia: empresa.fantasia,
  qtd_boletos: antecipacao.qtd_boletos,
  total_boletos: antecipacao.total_boletos,
  total_prorata: antecipacao.total_prorata,
  total_taxa_antecipacao: antecipacao.total_taxa_antecipacao,
  taxa_basica: antecipacao.taxa_basica,
  total_antecipacao: antecipacao.total_antecipacao,
  situacao: antecipacao.situacao,
};

type Row = { total_boletos: string; total_prorata: string; total_taxa_antecipacao: string; taxa_basica: string; total_antecipacao: string };

export function presentAntecipacao<R extends Row>(row: R) {
  return {
    ...row,
    total_boletos: money(row.total_boletos),
    total_prorata: money(row.total_prorata),
    total_taxa_antecipacao: money(row.total_taxa_antecipacao),
    taxa_basica: money(row.taxa_basica),
    total_antecipacao: money(row.total_antecipacao),
  };
}

/** The id of an advance the actor may see (its empresa in the actor's scope); 404 otherwise. */
export async function visibleAntecipacaoId(db: DbOrTx, actor: Actor, id: number, extra?: SQL): Promise<number> {
  const scope = await empresaScope(db, actor);
  const [row] = await db
    .select({ id: antecipacao.id })
    .from(antecipacao)
    .where(and(eq(antecipacao.id, id), inScope(scope, antecipacao.empresa_id), extra));
  if (!row) throw notFound('Antecipação');
  return row.id;
}
