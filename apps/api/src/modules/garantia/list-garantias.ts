import { and, desc, eq } from 'drizzle-orm';
import { formatProtocol, type GarantiaListQuery } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { empresa, garantia, pessoa } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { pagedSelect, textSearch } from '../../shared/paged-select.js';
import { withGarantiaContext } from '../../shared/garantia-context.js';
import { empresaScope, inScope } from '../tenancy/scope.js';

/**
 * GET /api/garantia/getAllPaginate (admin list): filters Loja, Situação (TODAS = none), Duplicatas
 * and a search by customer name or document (digits of a masked document match too); newest first.
 */
export async function listGarantias(db: Db, actor: Actor, q: GarantiaListQuery) {
  const scope = await empresaScope(db, actor);
  const select = db.select({
    id: garantia.id,
    digito: garantia.digito,
    data: garantia.data,
    loja: empresa.fantasia,
    pessoa: pessoa.nome_razao,
    cpf_cnpj: pessoa.cpf_cnpj,
    qtd_titulo: garantia.qtd_titulo,
    status: garantia.status,
    libera_boleto: garantia.libera_boleto,
    possui_duplicata: garantia.possui_duplicata,
  });
  const filters = and(
    inScope(scope, garantia.empresa_id),
    q.empresa_id ? eq(garantia.empresa_id, q.empresa_id) : undefined,
    q.situacao && q.situacao !== 'TODAS' ? eq(garantia.status, q.situacao) : undefined,
    q.possui_duplicata ? eq(garantia.possui_duplicata, q.possui_duplicata) : undefined,
  );
  const search = textSearch(q.pesquisa, { text: [pessoa.nome_razao], digits: [pessoa.cpf_cnpj] });
  const query = withGarantiaContext(select.from(garantia).$dynamic()).where(and(filters, search));
  // without a search the count reads garantia alone: its pessoa and empresa always exist (foreign
  // keys, NOT NULL), so the joins can drop no row
  const countFrom = search ? undefined : db.select({ id: garantia.id }).from(garantia).where(filters).$dynamic();
  return pagedSelect(db, query, { ...q, orderBy: [desc(garantia.data), desc(garantia.id)], countFrom }, (r) => ({ ...r, protocolo: formatProtocol(r.id, r.digito) }));
}
