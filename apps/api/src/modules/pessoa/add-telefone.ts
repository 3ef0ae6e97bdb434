import type { TelefoneInput } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { pessoaTelefone } from '../../db/schema/index.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Actor } from '../../shared/actor.js';
import { loadPessoaInScope } from './pessoa-access.js';
import { writeScope } from '../tenancy/access.js';

/** POST /api/pessoa/adicionaTelefone (telefone, contato, pessoa_id). */
export async function addTelefone(db: Db, actor: Actor, input: TelefoneInput) {
  return db.transaction(async (tx) => {
    await loadPessoaInScope(tx, writeScope(actor), input.pessoa_id, true);
    const [row] = await tx
      .insert(pessoaTelefone)
      .values({ pessoa_id: input.pessoa_id, telefone: input.telefone, contato: input.contato, usuario_id: actor.id })
      .returning({ id: pessoaTelefone.id });
    await recordAudit(tx, actor, { action: 'pessoa.adicionaTelefone', entity: 'pessoa', entityId: input.pessoa_id, summary: { telefone_id: row.id, telefone: input.telefone, contato: input.contato } });
    return row;
  });
}
