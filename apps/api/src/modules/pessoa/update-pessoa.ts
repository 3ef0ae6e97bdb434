import { eq, sql } from 'drizzle-orm';
import { PESSOA_MSG, type PessoaInput } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { pessoaVisao } from '../../db/schema/index.js';
import { invalid } from '../../errors/app-error.js';
import { diffFields, recordAudit } from '../audit/record-audit.js';
import type { Actor } from '../../shared/actor.js';
import { dadosFromInput, pickDados } from '../../shared/pessoa-dados.js';
import { loadIdentidade, writableVisao } from './visoes.js';

/**
 * POST /api/pessoa/update/{id} ("Atualização da Pessoa"): changes the actor's view of the person
 * (decision 104) — its own shop's; an administrador's, the shop it names (empresa_id) or its own
 * view. Name and birth date typed here stay in the view (a difference from the shared identity is
 * a divergence the administradores see); the document is the identity's and cannot change here
 * (updateIdentidade). Another shop's view is never touched.
 */
export async function updatePessoa(db: Db, actor: Actor, id: number, input: PessoaInput) {
  return db.transaction(async (tx) => {
    const before = await writableVisao(tx, actor, id, input.empresa_id);
    const identidade = await loadIdentidade(tx, id);
    if (input.cpf_cnpj !== identidade.cpf_cnpj) throw invalid({ cpf_cnpj: PESSOA_MSG.documentoNaoAlteravel }, PESSOA_MSG.documentoNaoAlteravel);
    const changes = dadosFromInput(input, identidade.tipo_pessoa === 'J');
    await tx.update(pessoaVisao).set({ ...changes, updated_at: sql`now()` }).where(eq(pessoaVisao.id, before.id));
    await recordAudit(tx, actor, {
      action: 'pessoa.update',
      entity: 'pessoa',
      entityId: id,
      summary: { empresa_id: before.empresa_id, ...diffFields(pickDados(before), changes) },
    });
    return { id };
  });
}
