import { and, eq, ne, sql } from 'drizzle-orm';
import { centsToDecimalText, documentKind, toCents, type PessoaInput } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { pessoa } from '../../db/schema/index.js';
import { AppError } from '../../errors/app-error.js';
import { diffFields, recordAudit } from '../audit/record-audit.js';
import type { Actor } from '../../shared/actor.js';
import { loadPessoaInScope } from './pessoa-access.js';
import { writeScope } from '../tenancy/access.js';

/** POST /api/pessoa/update/{id} ("Atualização da Pessoa"). */
export async function updatePessoa(db: Db, actor: Actor, id: number, input: PessoaInput) {
  return db.transaction(async (tx) => {
    const before = await loadPessoaInScope(tx, writeScope(actor), id, true);
    const [other] = await tx.select({ id: pessoa.id }).from(pessoa).where(and(eq(pessoa.cpf_cnpj, input.cpf_cnpj), ne(pessoa.id, id)));
    if (other) throw new AppError('CONFLICT', 'Já existe uma pessoa com este CPF/CNPJ.', { errors: { cpf_cnpj: 'Já existe uma pessoa com este CPF/CNPJ.' } });
    const changes = {
      ...input,
      tipo_pessoa: documentKind(input.cpf_cnpj) === 'CNPJ' ? 'J' : 'F',
      renda: input.renda === null ? null : centsToDecimalText(toCents(input.renda)),
    };
    await tx.update(pessoa).set({ ...changes, updated_at: sql`now()` }).where(eq(pessoa.id, id));
    await recordAudit(tx, actor, { action: 'pessoa.update', entity: 'pessoa', entityId: id, summary: diffFields(before, changes) });
    return { id };
  });
}
