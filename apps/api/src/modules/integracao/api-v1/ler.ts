import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { API_V1_MSG, type BoletoV1, type GarantiaV1, type PagedResult } from '@bg/domain';
import type { Db } from '../../../db/client.js';
import { boleto, garantia } from '../../../db/schema/index.js';
import { AppError, notFound } from '../../../errors/app-error.js';
import { pagedSelect } from '../../../shared/paged-select.js';
import type { ChaveActor } from './autenticar.js';
import { boletosV1Json, boletoV1Json, garantiaV1Json } from './apresentar.js';

/**
 * The reads of /api/v1 (decision 117): a key sees its own shop only — a record of another shop is
 * the same 404 as one that does not exist (DOMAIN.md "Tenancy"), checked before anything is read.
 */
async function assertGarantiaDaLoja(db: Db, actor: ChaveActor, id: number): Promise<void> {
  const [row] = await db.select({ id: garantia.id }).from(garantia).where(and(eq(garantia.id, id), eq(garantia.empresa_id, actor.empresa_id ?? -1)));
  if (!row) throw notFound('Garantia');
}

/** The boleto's guarantee, when the boleto is the key's shop's (404 otherwise). */
export async function garantiaDoBoletoDaLoja(db: Db, actor: ChaveActor, id: number): Promise<{ garantiaId: number; comprovanteToken: string | null }> {
  const [row] = await db
    .select({ garantia_id: boleto.garantia_id, token: boleto.comprovante_token })
    .from(boleto)
    .where(and(eq(boleto.id, id), eq(boleto.empresa_id, actor.empresa_id ?? -1)));
  if (!row) throw notFound('Boleto');
  return { garantiaId: row.garantia_id, comprovanteToken: row.token };
}

/** GET /api/v1/garantias/{id}. */
export async function getGarantiaV1(db: Db, actor: ChaveActor, id: number): Promise<GarantiaV1> {
  await assertGarantiaDaLoja(db, actor, id);
  return garantiaV1Json(db, id);
}

/** GET /api/v1/boletos/{id}. */
export async function getBoletoV1(db: Db, actor: ChaveActor, id: number): Promise<BoletoV1> {
  await garantiaDoBoletoDaLoja(db, actor, id);
  return boletoV1Json(db, id);
}

/**
 * GET /api/v1/boletos?situacao&desde: the shop's boletos (its index of migration 0099), optionally
 * of one situação and changed on or after `desde` (a São Paulo day), most recently changed first.
 */
export async function listBoletosV1(
  db: Db,
  actor: ChaveActor,
  query: { page: number; per_page: number; situacao?: BoletoV1['situacao']; desde?: string },
): Promise<PagedResult<BoletoV1>> {
  const where = and(
    eq(boleto.empresa_id, actor.empresa_id ?? -1),
    query.situacao ? eq(boleto.situacao, query.situacao) : undefined,
    query.desde ? gte(boleto.updated_at, sql`(${query.desde}::date)::timestamp at time zone 'America/Sao_Paulo'`) : undefined,
  );
  const page = await pagedSelect(db, db.select({ id: boleto.id }).from(boleto).where(where).$dynamic(), {
    ...query,
    orderBy: [desc(boleto.updated_at), desc(boleto.id)],
  });
  return { ...page, data: await boletosV1Json(db, page.data.map((r) => r.id)) };
}

/** The receipt token of a boleto the shop received (409 when there is none yet). */
export async function reciboTokenV1(db: Db, actor: ChaveActor, id: number): Promise<string> {
  const { comprovanteToken } = await garantiaDoBoletoDaLoja(db, actor, id);
  if (!comprovanteToken) throw new AppError('WRONG_STATE', API_V1_MSG.semRecibo);
  return comprovanteToken;
}

export { assertGarantiaDaLoja };
