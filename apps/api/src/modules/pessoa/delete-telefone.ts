import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pessoaTelefone } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Actor } from '../../shared/actor.js';
import { loadPessoaInScope } from './pessoa-access.js';
import { writeScope } from '../tenancy/access.js';

/** deletaTelefone/{id}: removes one extra phone; a second identical request gets 404. */
export async function deleteTelefone(db: Db, actor: Actor, telefoneId: number) {
  return db.transaction(async (tx) => {
    const [phone] = await tx.select().from(pessoaTelefone).where(eq(pessoaTelefone.id, telefoneId)).for('update');
    if (!phone) throw notFound('Telefone');
    try {
      await loadPessoaInScope(tx, writeScope(actor), phone.pessoa_id);
    } catch {
      throw notFound('Telefone');
    }
    await tx.delete(pessoaTelefone).where(eq(pessoaTelefone.id, telefoneId));
    await recordAudit(tx, actor, {
      action: 'pessoa.deletaTelefone',
      entity: 'pessoa',
      entityId: phone.pessoa_id,
      summary: { telefone_id: phone.id, telefone: phone.telefone, contato: phone.contato },
    });
    return { id: telefoneId };
  });
}
