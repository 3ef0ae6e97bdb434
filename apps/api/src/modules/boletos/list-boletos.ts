import { and, asc, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { onlyDigits, type Situacao } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { boleto, empresa, garantia, pessoa } from '../../db/schema/index.js';
import { offsetOf, paged } from '../../http/paging.js';
import type { Actor } from '../audit/record-audit.js';
import { empresaScope, inScope } from '../tenancy/scope.js';
import { boletoColumns, presentBoleto } from './boleto-row.js';

export type ListBoletosInput = {
  page: number;
  per_page: number;
  pesquisa?: string;
  situacao?: Situacao;
  empresa_id?: number;
};

/**
 * GET /api/boleto/getAllPaginate: released boletos (those with a situação) of the empresas the
 * actor sees — Boletos Garantidos for administradores, Recebimentos (situacao=GARANTIDO) for
 * everyone. Free text matches the customer's name, document or the guarantee id.
 */
export async function listBoletos(db: Db, actor: Actor, input: ListBoletosInput) {
  const scope = await empresaScope(db, actor);
  const filters: SQL[] = [isNotNull(boleto.situacao), inScope(scope, garantia.empresa_id)];
  if (input.situacao) filters.push(eq(boleto.situacao, input.situacao));
  if (input.empresa_id) filters.push(eq(garantia.empresa_id, input.empresa_id));
  const text = input.pesquisa?.trim();
  if (text) {
    const digits = onlyDigits(text);
    const parts: SQL[] = [ilike(pessoa.nome_razao, `%${text}%`)];
    if (digits.length >= 3) parts.push(ilike(pessoa.cpf_cnpj, `%${digits}%`));
    if (/^\d{1,9}(-\d)?$/.test(text)) parts.push(eq(garantia.id, Number(text.split('-')[0])));
    filters.push(or(...parts) as SQL);
  }
  const where = and(...filters);
  const base = () =>
    db
      .select(boletoColumns)
      .from(boleto)
      .innerJoin(garantia, eq(garantia.id, boleto.garantia_id))
      .innerJoin(pessoa, eq(pessoa.id, garantia.pessoa_id))
      .innerJoin(empresa, eq(empresa.id, garantia.empresa_id));
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(boleto)
    .innerJoin(garantia, eq(garantia.id, boleto.garantia_id))
    .innerJoin(pessoa, eq(pessoa.id, garantia.pessoa_id))
    .where(where);
  const rows = await base()
    .where(where)
    .orderBy(asc(boleto.vencimento), desc(boleto.garantia_id), asc(boleto.parcela))
    .limit(input.per_page)
    .offset(offsetOf(input.page, input.per_page));
  // the filter above keeps released boletos only (situação not null); flatMap tells the compiler
  const released = rows.flatMap((r) => (r.situacao ? [presentBoleto({ ...r, situacao: r.situacao })] : []));
  return paged(released, Number(total), input.page, input.per_page);
}
