import { and, asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { boleto, boletoHistorico, empresa, garantia, pessoa, usuario } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import type { Actor } from '../audit/record-audit.js';
import { empresaScope, inScope } from '../tenancy/scope.js';
import { boletoColumns, presentBoleto } from './boleto-row.js';

/** One boleto the actor may see (404 otherwise), without its history. */
export async function findVisibleBoleto(db: DbOrTx, actor: Actor, id: number) {
  const scope = await empresaScope(db, actor);
  const [row] = await db
    .select(boletoColumns)
    .from(boleto)
    .innerJoin(garantia, eq(garantia.id, boleto.garantia_id))
    .innerJoin(pessoa, eq(pessoa.id, garantia.pessoa_id))
    .innerJoin(empresa, eq(empresa.id, garantia.empresa_id))
    .where(and(eq(boleto.id, id), inScope(scope, garantia.empresa_id)));
  if (!row) throw notFound('Boleto');
  return { row, scope };
}

/** GET /api/boleto/getById/{id}: the boleto and its history (who, when, from, to, why). */
export async function getBoleto(db: Db, actor: Actor, id: number) {
  const { row } = await findVisibleBoleto(db, actor, id);
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
  return { ...presentBoleto(row), historico };
}
