import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cpfSuspeito } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Actor } from '../../shared/actor.js';
import { assertAdmin } from '../tenancy/access.js';

/** POST /api/cpfSuspeito/delete/{id}: takes a document off the list; the audit keeps what it was. */
export async function removeCpfSuspeito(db: Db, actor: Actor, id: number) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(cpfSuspeito).where(eq(cpfSuspeito.id, id)).returning();
    if (!row) throw notFound('CPF suspeito');
    await recordAudit(tx, actor, { action: 'cpfSuspeito.delete', entity: 'cpf_suspeito', entityId: id, summary: { cpf_cnpj: row.cpf_cnpj, motivo: row.motivo } });
    return { id };
  });
}
