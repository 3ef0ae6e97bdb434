import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { fromCents, garantiaStatusLabel, onlyDigits, toCents } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { boleto, empresa, garantia, pessoa } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import { offsetOf, paged } from '../../http/paging.js';
import type { Actor } from '../audit/record-audit.js';
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
  const filters: SQL[] = [inScope(scope, garantia.empresa_id)];
  const text = input.pesquisa?.trim();
  if (text) {
    const digits = onlyDigits(text);
    const parts: SQL[] = [ilike(pessoa.nome_razao, `%${text}%`)];
    if (digits.length >= 3) parts.push(ilike(pessoa.cpf_cnpj, `%${digits}%`));
    if (/^\d{1,9}(-\d)?$/.test(text)) parts.push(eq(garantia.id, Number(text.split('-')[0])));
    filters.push(or(...parts) as SQL);
  }
  const where = and(...filters);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(garantia)
    .innerJoin(pessoa, eq(pessoa.id, garantia.pessoa_id))
    .where(where);
  const rows = await db
    .select(garantiaColumns)
    .from(garantia)
    .innerJoin(pessoa, eq(pessoa.id, garantia.pessoa_id))
    .innerJoin(empresa, eq(empresa.id, garantia.empresa_id))
    .where(where)
    .orderBy(desc(garantia.data), desc(garantia.id))
    .limit(input.per_page)
    .offset(offsetOf(input.page, input.per_page));
  return paged(
    rows.map((r) => ({ ...r, situacao: garantiaStatusLabel(r.status, r.libera_boleto) })),
    Number(total),
    input.page,
    input.per_page,
  );
}

/** GET /api/boleto/getGarantiaImpressao/{garantiaId}: Boletos da Garantia (request data + instalments). */
export async function getGarantiaImpressao(db: Db, actor: Actor, garantiaId: number) {
  const scope = await empresaScope(db, actor);
  const [g] = await db
    .select(garantiaColumns)
    .from(garantia)
    .innerJoin(pessoa, eq(pessoa.id, garantia.pessoa_id))
    .innerJoin(empresa, eq(empresa.id, garantia.empresa_id))
    .where(and(eq(garantia.id, garantiaId), inScope(scope, garantia.empresa_id)));
  if (!g) throw notFound('Garantia');
  const boletos = await db
    .select({
      id: boleto.id,
      digito: boleto.digito,
      parcela: boleto.parcela,
      valor: boleto.valor,
      vencimento: boleto.vencimento,
      situacao: boleto.situacao,
      linha_digitavel: boleto.linha_digitavel,
    })
    .from(boleto)
    .where(eq(boleto.garantia_id, garantiaId))
    .orderBy(asc(boleto.parcela));
  return {
    ...g,
    situacao: garantiaStatusLabel(g.status, g.libera_boleto),
    boletos: boletos.map((b) => ({ ...b, valor: fromCents(toCents(b.valor)) })),
  };
}
