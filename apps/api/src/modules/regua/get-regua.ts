import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { empresa, regua, reguaEtapa, usuario } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { assertAdmin } from '../tenancy/access.js';

export const REGUA_SO_ADMIN = 'Somente administradores editam a régua de cobrança.';

/**
 * GET /api/regua (administrador): the default régua, or a shop's — its own when it has one, else
 * the default's steps with `propria: false` (what that shop's boletos follow today).
 */
export async function getRegua(db: DbOrTx, actor: Actor, empresaId: number | undefined) {
  assertAdmin(actor, REGUA_SO_ADMIN);
  if (empresaId !== undefined) {
    const [e] = await db.select({ id: empresa.id }).from(empresa).where(eq(empresa.id, empresaId));
    if (!e) throw notFound('Empresa');
  }
  const [propria] = empresaId === undefined ? [] : await db.select().from(regua).where(eq(regua.empresa_id, empresaId));
  const [padrao] = await db.select().from(regua).where(isNull(regua.empresa_id));
  const r = propria ?? padrao;
  const etapas = r ? await db.select().from(reguaEtapa).where(eq(reguaEtapa.regua_id, r.id)).orderBy(asc(reguaEtapa.dias), asc(reguaEtapa.canal)) : [];
  const [autor] = r?.updated_by ? await db.select({ name: usuario.name }).from(usuario).where(eq(usuario.id, r.updated_by)) : [];
  const lojas = await db
    .select({ id: empresa.id, fantasia: empresa.fantasia })
    .from(regua)
    .innerJoin(empresa, eq(empresa.id, regua.empresa_id))
    .where(and(isNotNull(regua.empresa_id)))
    .orderBy(asc(empresa.fantasia));
  return {
    empresa_id: empresaId ?? null,
    propria: empresaId === undefined ? true : propria !== undefined,
    etapas: etapas.map((e) => ({ id: e.id, dias: e.dias, canal: e.canal, template: e.template, ativo: e.ativo })),
    parar_acordo: r?.parar_acordo ?? true,
    parar_spc: r?.parar_spc ?? true,
    parar_contestado: r?.parar_contestado ?? true,
    updated_at: r?.updated_at ?? null,
    updated_by: autor?.name ?? null,
    lojas_com_regua_propria: lojas,
  };
}
