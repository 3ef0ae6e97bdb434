import { and, eq, ne, sql } from 'drizzle-orm';
import { documentKind, PESSOA_MSG, type PessoaIdentidadeInput } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { pessoa } from '../../db/schema/index.js';
import { AppError } from '../../errors/app-error.js';
import { diffFields, recordAudit } from '../audit/record-audit.js';
import type { Actor } from '../../shared/actor.js';
import { ADMIN_ONLY, assertAdmin } from '../tenancy/access.js';
import { loadIdentidade } from './visoes.js';

/**
 * POST /api/pessoa/updateIdentidade/{id} (administradores): the identity every shop's view shares —
 * document (and so tipo_pessoa), name, birth date (decision 104). This is how a divergence is
 * settled; the views keep what their shops typed.
 */
export async function updateIdentidade(db: Db, actor: Actor, id: number, input: PessoaIdentidadeInput) {
  assertAdmin(actor, ADMIN_ONLY);
  return db.transaction(async (tx) => {
    const before = await loadIdentidade(tx, id, true);
    const [other] = await tx.select({ id: pessoa.id }).from(pessoa).where(and(eq(pessoa.cpf_cnpj, input.cpf_cnpj), ne(pessoa.id, id)));
    if (other) throw new AppError('CONFLICT', PESSOA_MSG.documentoEmUso, { errors: { cpf_cnpj: PESSOA_MSG.documentoEmUso } });
    const changes = { ...input, tipo_pessoa: documentKind(input.cpf_cnpj) === 'CNPJ' ? 'J' : 'F' };
    await tx.update(pessoa).set({ ...changes, updated_at: sql`now()` }).where(eq(pessoa.id, id));
    await recordAudit(tx, actor, { action: 'pessoa.updateIdentidade', entity: 'pessoa', entityId: id, summary: diffFields(before, changes) });
    return { id };
  });
}
