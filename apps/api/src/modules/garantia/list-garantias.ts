import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { formatProtocol, onlyDigits, type GarantiaListQuery } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { empresa, garantia, pessoa } from '../../db/schema/index.js';
import { offsetOf, paged } from '../../http/paging.js';
import type { Actor } from '../audit/record-audit.js';
import { empresaScope, inScope } from '../tenancy/scope.js';

/**
 * GET /api/garantia/getAllPaginate (admin list): filters Loja, Situação (TODAS = none), Duplicatas
 * and a search by customer name or document (digits of a masked document match too); newest first.
 */
export async function listGarantias(db: Db, actor: Actor, q: GarantiaListQuery) {
  const scope = await empresaScope(db, actor);
  const filters: SQL[] = [inScope(scope, garantia.empresa_id)];
  if (q.empresa_id) filters.push(eq(garantia.empresa_id, q.empresa_id));
  if (q.situacao && q.situacao !== 'TODAS') filters.push(eq(garantia.status, q.situacao));
  if (q.possui_duplicata) filters.push(eq(garantia.possui_duplicata, q.possui_duplicata));
  if (q.pesquisa) {
    const digits = onlyDigits(q.pesquisa);
    const byName = ilike(pessoa.nome_razao, `%${q.pesquisa}%`);
    filters.push((digits.length >= 3 ? or(byName, ilike(pessoa.cpf_cnpj, `%${digits}%`)) : byName) as SQL);
  }
  const where = and(...filters);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(garantia)
    .innerJoin(pessoa, eq(pessoa.id, garantia.pessoa_id))
    .where(where);
  const rows = await db
    .select({
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
    })
    .from(garantia)
    .innerJoin(pessoa, eq(pessoa.id, garantia.pessoa_id))
    .innerJoin(empresa, eq(empresa.id, garantia.empresa_id))
    .where(where)
    .orderBy(desc(garantia.data), desc(garantia.id))
    .limit(q.per_page)
    .offset(offsetOf(q.page, q.per_page));
  return paged(
    rows.map((r) => ({ ...r, protocolo: formatProtocol(r.id, r.digito) })),
    Number(total),
    q.page,
    q.per_page,
  );
}
