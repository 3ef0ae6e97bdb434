import { eq, sql } from 'drizzle-orm';
import { EMPRESA_IDENTITY_FIELDS, NIVEL, onlyDigits, type EmpresaInput } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { empresa } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../errors/app-error.js';
import { diffFields, recordAudit } from '../audit/record-audit.js';
import type { Actor } from '../../shared/actor.js';
import { assertVisible, empresaScope } from '../tenancy/scope.js';
import { assertCnpjFree, assertFranqueadoExists } from './create-empresa.js';
import { commercialFieldsIn, contactColumns, termColumns } from './empresa-row.js';

/**
 * POST /api/empresa/update/{id}. Everyone edits the address and contact of the empresas in its
 * scope; only administradores change the legal identity (CNPJ, razão social) and the commercial
 * terms. A request from anyone else that carries a term, or a CNPJ or razão social other than the
 * stored one, is refused — never half applied (DOMAIN.md Tenancy: no mass assignment).
 */
export async function updateEmpresa(db: Db, actor: Actor, id: number, input: EmpresaInput) {
  const isAdmin = actor.nivel === NIVEL.ADMINISTRADOR;
  if (!isAdmin && commercialFieldsIn(input).length) throw forbidden('Somente administradores alteram as condições comerciais da empresa.');
  const scope = await empresaScope(db, actor);
  assertVisible(scope, id, 'Empresa');

  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(empresa).where(eq(empresa.id, id)).for('update');
    if (!before) throw notFound('Empresa');
    if (!isAdmin && identityChangedBy(before, input)) throw forbidden('Somente administradores alteram o CNPJ e a razão social da empresa.');
    if (isAdmin) await assertCnpjFree(tx, input.cnpj, id);
    const contact: Partial<ReturnType<typeof contactColumns>> = contactColumns(input);
    // what the form sends back unchanged is not written again (a stored value with other spacing stays)
    if (!isAdmin) for (const field of EMPRESA_IDENTITY_FIELDS) delete contact[field];
    const changes = { ...contact, ...(isAdmin ? termColumns(input) : {}) };
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

/** Whether the input names another CNPJ or razão social than the stored ones (spacing aside). */
function identityChangedBy(before: typeof empresa.$inferSelect, input: EmpresaInput): boolean {
  return onlyDigits(before.cnpj) !== input.cnpj || before.razao.trim().replace(/\s+/g, ' ') !== input.razao.replace(/\s+/g, ' ');
}
