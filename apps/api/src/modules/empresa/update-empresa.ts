import { eq, sql } from 'drizzle-orm';
import { NIVEL, type EmpresaInput } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { empresa } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../errors/app-error.js';
import { diffFields, recordAudit } from '../audit/record-audit.js';
import type { Actor } from '../../shared/actor.js';
import { assertVisible, empresaScope } from '../tenancy/scope.js';
import { assertCnpjFree, assertFranqueadoExists } from './create-empresa.js';
import { commercialFieldsIn, contactColumns, termColumns } from './empresa-row.js';

/**
 * POST /api/empresa/update/{id}. Everyone edits identification, address and contact of the
 * empresas in its scope; only administradores change the commercial terms (a request from anyone
 * else that carries them is refused, DOMAIN.md Tenancy).
 */
export async function updateEmpresa(db: Db, actor: Actor, id: number, input: EmpresaInput) {
  const isAdmin = actor.nivel === NIVEL.ADMINISTRADOR;
  if (!isAdmin && commercialFieldsIn(input).length) throw forbidden('Somente administradores alteram as condições comerciais da empresa.');
  const scope = await empresaScope(db, actor);
  assertVisible(scope, id, 'Empresa');

  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(empresa).where(eq(empresa.id, id)).for('update');
    if (!before) throw notFound('Empresa');
    await assertCnpjFree(tx, input.cnpj, id);
    const changes = { ...contactColumns(input), ...(isAdmin ? termColumns(input) : {}) };
    if (isAdmin) await assertFranqueadoExists(tx, changes.franqueado_id, id);
    const [after] = await tx
      .update(empresa)
      .set({ ...changes, updated_at: sql`now()` })
      .where(eq(empresa.id, id))
      .returning();
    await recordAudit(tx, actor, { action: 'empresa.update', entity: 'empresa', entityId: id, summary: diffFields(before, changes) });
    return after;
  });
}
