import { and, eq } from 'drizzle-orm';
import { tipoPessoaSchema, type TipoPessoa } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { pessoa } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import { pessoaInScope, type EmpresaScope } from '../tenancy/scope.js';

/**
 * Loads the person's identity if the person is in the scope (optionally locking it), else 404.
 * People are seen by an usuario/franqueado when a visible empresa has a view of them — they appear
 * in its guarantees (DOMAIN.md, decision 104). Changes go to one view: visoes.ts's writableVisao.
 */
export async function loadPessoaInScope(db: DbOrTx, scope: EmpresaScope, id: number, lock = false) {
  const query = db.select().from(pessoa).where(and(eq(pessoa.id, id), pessoaInScope(scope, pessoa.id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Pessoa');
  return row;
}

/**
 * tipo_pessoa as the contracts answer it ('F' | 'J'). The column is a plain char(1) that its
 * writers (solicitaGarantia, updateIdentidade) fill from the document's kind; a stray value fails
 * here loudly instead of reaching a screen.
 */
export function tipoPessoa(value: string): TipoPessoa {
  return tipoPessoaSchema.parse(value);
}
