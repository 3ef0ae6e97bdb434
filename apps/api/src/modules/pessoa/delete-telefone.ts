import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pessoaTelefone } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Actor } from '../../shared/actor.js';
import { mayWriteFor } from '../tenancy/access.js';

/**
 * deletaTelefone/{id}: removes one extra phone of the actor's own view (an administrador: of any
 * view). Another shop's phone answers 404, as if it did not exist; so does a second identical
 * request.
 */
export async function deleteTelefone(db: Db, actor: Actor, telefoneId: number) {
  return db.transaction(async (tx) => {
    const [phone] = await tx.select().from(pessoaTelefone).where(eq(pessoaTelefone.id, telefoneId)).for('update');
    if (!phone || !mayWriteFor(actor, phone.empresa_id)) throw notFound('Telefone');
    await tx.delete(pessoaTelefone).where(eq(pessoaTelefone.id, telefoneId));
    await recordAudit(tx, actor, {
      action: 'pessoa.deletaTelefone',
      entity: 'pessoa',
      entityId: phone.pessoa_id,
      summary: { telefone_id: phone.id, empresa_id: phone.empresa_id, telefone: phone.telefone, contato: phone.contato },
    });
    return { id: telefoneId };
  });
}
