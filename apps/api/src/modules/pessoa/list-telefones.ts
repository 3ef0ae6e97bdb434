import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pessoaTelefone } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { loadPessoaInScope } from './pessoa-access.js';
import { empresaScope } from '../tenancy/scope.js';

/** GET /api/pessoa/getTelefones/{id}: the person's extra phones, oldest first. */
export async function listTelefones(db: Db, actor: Actor, pessoaId: number) {
  await loadPessoaInScope(db, await empresaScope(db, actor), pessoaId);
  return db
    .select({ id: pessoaTelefone.id, telefone: pessoaTelefone.telefone, contato: pessoaTelefone.contato, created_at: pessoaTelefone.created_at, pessoa_id: pessoaTelefone.pessoa_id })
    .from(pessoaTelefone)
    .where(eq(pessoaTelefone.pessoa_id, pessoaId))
    .orderBy(asc(pessoaTelefone.id));
}
