import { and, asc, desc, eq } from 'drizzle-orm';
import { fromCents, garantiaStatusLabel, toCents } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { boleto, empresa, garantia, pessoa } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { pagedSelect, textSearch } from '../../shared/paged-select.js';
import { withGarantiaContext } from '../../shared/garantia-context.js';
import { parcelaColumns } from './boleto-row.js';
import { mayWriteFor } from '../tenancy/access.js';
import { empresaScope, inScope } from '../tenancy/scope.js';

const garantiaColumns = {
  id: garantia.id,
  digito: garantia.digito,
  data: garantia.data,
  status: garantia.status,
  libera_boleto: garantia.libera_boleto,
  qtd_titulo: garantia.qtd_titulo,
  possui_duplicata: garantia.possui_duplicata,
  empresa_id: garantia.empresa_id,
  fantasia: empresa.fantasia,
  pessoa_id: pessoa.id,
  nome_razao: pessoa.nome_razao,
  cpf_cnpj: pessoa.cpf_cnpj,
};

/**
 * GET /api/boleto/getGarantiasImpressao: Impressão de Boletos — the guarantees of the actor's
 * empresa (franqueado: also its franchisees'; administrador: all), newest first, with the status
 * as users see it (APROVADO without release reads PRÉ APROVADO).
 */
export async function listGarantiasImpressao(db: Db, actor: Actor, input: { page: number; per_page: number; pesquisa?: string }) {
  const scope = await empresaScope(db, actor);
  const search = textSearch(input.pesquisa, { text: [pessoa.nome_razao], digits: [pessoa.cpf_cnpj], protocolo: garantia.id, protocoloDigito: garantia.digito });
  const query = withGarantiaContext(db.select(garantiaColumns).from(garantia).$dynamic()).where(and(inScope(scope, garantia.empresa_id), search));
  // without a search the count reads garantia alone (pessoa and empresa: NOT NULL foreign keys)
  const countFrom = search ? undefined : db.select({ id: garantia.id }).from(garantia).where(inScope(scope, garantia.empresa_id)).$dynamic();
  return pagedSelect(db, query, { ...input, orderBy: [desc(garantia.data), desc(garantia.id)], countFrom }, (r) => ({
    ...r,
    situacao: garantiaStatusLabel(r.status, r.libera_boleto),
    pode_alterar: mayWriteFor(actor, r.empresa_id),
  }));
}

/** GET /api/boleto/getGarantiaImpressao/{garantiaId}: Boletos da Garantia (request data + instalments). */
export async function getGarantiaImpressao(db: Db, actor: Actor, garantiaId: number) {
  const scope = await empresaScope(db, actor);
  const [g] = await withGarantiaContext(db.select(garantiaColumns).from(garantia).$dynamic()).where(
    and(eq(garantia.id, garantiaId), inScope(scope, garantia.empresa_id)),
  );
  if (!g) throw notFound('Garantia');
  const boletos = await db
    .select({ ...parcelaColumns, situacao: boleto.situacao, linha_digitavel: boleto.linha_digitavel })
    .from(boleto)
    .where(eq(boleto.garantia_id, garantiaId))
    .orderBy(asc(boleto.parcela));
  return {
    ...g,
    situacao: garantiaStatusLabel(g.status, g.libera_boleto),
    // a franqueado reads its franchisees' guarantees only: no upload nor signature request offered
    pode_alterar: mayWriteFor(actor, g.empresa_id),
    boletos: boletos.map((b) => ({ ...b, valor: fromCents(toCents(b.valor)) })),
  };
}
