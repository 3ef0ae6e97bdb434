import { and, asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { boleto, boletoHistorico, contaCobranca, garantia, usuario } from '../../db/schema/index.js';
import { boletoX } from '../../db/schema/boleto-extra.js';
import { notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { mayWriteFor } from '../tenancy/access.js';
import { empresaScope, inScope } from '../tenancy/scope.js';
import { boletoColumns, presentBoleto, withBoletoContext } from './boleto-row.js';
import { contaBankColumns, nossoNumeroFormatado } from './number-boletos.js';

/** One boleto the actor may see (404 otherwise), without its history. */
export async function findVisibleBoleto(db: DbOrTx, actor: Actor, id: number) {
  const scope = await empresaScope(db, actor);
  const [row] = await withBoletoContext(db.select(boletoColumns).from(boleto).$dynamic()).where(and(eq(boleto.id, id), inScope(scope, garantia.empresa_id)));
  if (!row) throw notFound('Boleto');
  return { row, scope };
}

/**
 * GET /api/boleto/getById/{id}: the boleto, its nosso número as the slip prints it (formatted with
 * the account that numbered it) and its history (who, when, from, to, why).
 */
export async function getBoleto(db: Db, actor: Actor, id: number) {
  const { row } = await findVisibleBoleto(db, actor, id);
  const [numbered] = await db
    .select(contaBankColumns)
    .from(boletoX)
    .innerJoin(contaCobranca, eq(contaCobranca.id, boletoX.conta_cobranca_id))
    .where(eq(boletoX.id, id));
  const historico = await db
    .select({
      id: boletoHistorico.id,
      de: boletoHistorico.de,
      para: boletoHistorico.para,
      motivo: boletoHistorico.motivo,
      usuario: usuario.name,
      created_at: boletoHistorico.created_at,
    })
    .from(boletoHistorico)
    .leftJoin(usuario, eq(usuario.id, boletoHistorico.usuario_id))
    .where(eq(boletoHistorico.boleto_id, id))
    .orderBy(asc(boletoHistorico.id));
  return { ...presentBoleto(row), pode_alterar: mayWriteFor(actor, row.empresa_id), nosso_numero_formatado: nossoNumeroFormatado(numbered ?? null, row.nosso_numero), historico };
}
