import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { Situacao } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { boleto, garantia, pessoa } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { pagedSelect, textSearch } from '../../shared/paged-select.js';
import { mayWriteFor } from '../tenancy/access.js';
import { empresaScope, inScope } from '../tenancy/scope.js';
import { boletoColumns, presentBoleto, withBoletoContext } from './boleto-row.js';

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
  const filters = and(
    isNotNull(boleto.situacao),
    // the boleto's own copy of its guarantee's empresa (decision 100): a loja's boletos come from
    // its own index entries instead of every empresa's, each looked up in garantia
    inScope(scope, boleto.empresa_id),
    input.situacao ? eq(boleto.situacao, input.situacao) : undefined,
    input.empresa_id ? eq(boleto.empresa_id, input.empresa_id) : undefined,
  );
  const search = textSearch(input.pesquisa, { text: [pessoa.nome_razao], digits: [pessoa.cpf_cnpj], protocolo: garantia.id, protocoloDigito: garantia.digito });
  const query = withBoletoContext(db.select(boletoColumns).from(boleto).$dynamic()).where(and(filters, search));
  // without a search the count needs no join: every boleto has its guarantee, and every guarantee
  // its pessoa and empresa (NOT NULL foreign keys), so the boleto rows alone are the list's rows
  const countFrom = search ? undefined : db.select({ id: boleto.id }).from(boleto).where(filters).$dynamic();
  const orderBy = [asc(boleto.vencimento), desc(boleto.garantia_id), asc(boleto.parcela)];
  // the filter keeps released boletos only (situação not null); flatMap tells the compiler.
  // pode_alterar: a franqueado reads its franchisees' boletos only, so Receber is not offered there
  const page = await pagedSelect(db, query, { ...input, orderBy, countFrom });
  return {
    ...page,
    data: page.data.flatMap((r) => (r.situacao ? [{ ...presentBoleto({ ...r, situacao: r.situacao }), pode_alterar: mayWriteFor(actor, r.empresa_id) }] : [])),
  };
}
