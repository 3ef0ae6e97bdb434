import { and, asc, eq, type SQL } from 'drizzle-orm';
import { fromCents, toCents, type PagedResult, type RetornoItemJson, type RetornoResultado } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { retorno, retornoItem } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { pagedSelect } from '../../shared/paged-select.js';
import type { PageInput } from '../../shared/paging.js';
import { assertAdmin } from '../tenancy/access.js';

const money = (v: string) => fromCents(toCents(v));

/** GET /api/retorno/getItens/{id} (administrador): the per-title results, in file order, by resultado. */
export async function listRetornoItens(db: Db, actor: Actor, id: number, input: PageInput & { resultado?: RetornoResultado }): Promise<PagedResult<RetornoItemJson>> {
  assertAdmin(actor);
  const [exists] = await db.select({ id: retorno.id }).from(retorno).where(eq(retorno.id, id));
  if (!exists) throw notFound('Retorno');
  const filters: SQL[] = [eq(retornoItem.retorno_id, id)];
  if (input.resultado) filters.push(eq(retornoItem.resultado, input.resultado));
  const query = db.select().from(retornoItem).where(and(...filters)).$dynamic();
  return pagedSelect(db, query, { ...input, orderBy: [asc(retornoItem.linha)] }, (i) => ({
    linha: i.linha,
    nosso_numero: i.nosso_numero,
    movimento: i.movimento,
    movimento_descricao: i.movimento_descricao,
    resultado: i.resultado,
    boleto_id: i.boleto_id,
    boleto_avulso_id: i.boleto_avulso_id,
    situacao_de: i.situacao_de,
    situacao_para: i.situacao_para,
    valor_titulo: money(i.valor_titulo),
    valor_pago: money(i.valor_pago),
    valor_tarifa: money(i.valor_tarifa),
    valor_juros: money(i.valor_juros),
    data_ocorrencia: i.data_ocorrencia,
    data_credito: i.data_credito,
    motivos: i.motivos,
    mensagem: i.mensagem,
  }));
}
