import { eq, sql } from 'drizzle-orm';
import type { ReguaSalvarInput } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { empresa, regua, reguaEtapa } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { assertAdmin } from '../tenancy/access.js';
import { REGUA_SO_ADMIN } from './get-regua.js';
import { rowsOf } from './regua-sql.js';

/**
 * POST /api/regua/salvar (administrador): the default régua (empresa_id null) or a shop's own —
 * created the first time, from then on the shop uses only its steps. One transaction: the régua
 * row upserted (which locks it: two saves at once apply one after the other), its steps replaced.
 * The messages already decided keep the step they were decided by (regua_envio copies it).
 */
export async function salvarRegua(db: Db, actor: Actor, input: ReguaSalvarInput & { empresa_id: number | null }) {
  assertAdmin(actor, REGUA_SO_ADMIN);
  return db.transaction(async (tx) => {
    if (input.empresa_id !== null) {
      const [e] = await tx.select({ id: empresa.id }).from(empresa).where(eq(empresa.id, input.empresa_id));
      if (!e) throw notFound('Empresa');
    }
    const flags = { parar_acordo: input.parar_acordo, parar_spc: input.parar_spc, parar_contestado: input.parar_contestado };
    const [r] = await rowsOf<{ id: number }>(tx, sql`
      insert into regua (empresa_id, parar_acordo, parar_spc, parar_contestado, updated_by)
      values (${input.empresa_id}, ${flags.parar_acordo}, ${flags.parar_spc}, ${flags.parar_contestado}, ${actor.id})
      on conflict ((coalesce(empresa_id, 0))) do update
        set parar_acordo = excluded.parar_acordo, parar_spc = excluded.parar_spc, parar_contestado = excluded.parar_contestado,
            updated_by = excluded.updated_by, updated_at = now()
      returning id`);
    await tx.delete(reguaEtapa).where(eq(reguaEtapa.regua_id, r.id));
    if (input.etapas.length) await tx.insert(reguaEtapa).values(input.etapas.map((e) => ({ regua_id: r.id, ...e })));
    await recordAudit(tx, actor, {
      action: 'regua.salvar',
      entity: 'regua',
      entityId: r.id,
      summary: { empresa_id: input.empresa_id, ...flags, etapas: input.etapas.map((e) => `${e.dias}:${e.canal}:${e.template}:${e.ativo ? 'ativa' : 'inativa'}`) },
    });
    return { id: r.id };
  });
}

/** POST /api/regua/restaurar-padrao/:id: the shop's own régua removed; it follows the default again. */
export async function restaurarReguaPadrao(db: Db, actor: Actor, empresaId: number) {
  assertAdmin(actor, REGUA_SO_ADMIN);
  await db.transaction(async (tx) => {
    const [e] = await tx.select({ id: empresa.id }).from(empresa).where(eq(empresa.id, empresaId));
    if (!e) throw notFound('Empresa');
    const removed = await tx.delete(regua).where(eq(regua.empresa_id, empresaId)).returning({ id: regua.id });
    if (removed.length) await recordAudit(tx, actor, { action: 'regua.restaurar_padrao', entity: 'regua', entityId: removed[0].id, summary: { empresa_id: empresaId } });
  });
}
