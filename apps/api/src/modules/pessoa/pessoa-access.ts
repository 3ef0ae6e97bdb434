import { and, eq } from 'drizzle-orm';
import { tipoPessoaSchema, type TipoPessoa } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { pessoa } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import { pessoaInScope, type EmpresaScope } from '../tenancy/scope.js';

/**
 * Loads the person if it is in the scope (optionally locking it), else 404. People are seen by an
 * usuario/franqueado when they appear in a guarantee of a visible empresa (DOMAIN.md): reads pass
 * tenancy/scope.ts's empresaScope; changes (data, phones, documents) pass tenancy/access.ts's
 * writeScope — a guarantee of the actor's OWN empresa: a franqueado reads its franchisees'
 * customers but does not edit them.
 */
export async function loadPessoaInScope(db: DbOrTx, scope: EmpresaScope, id: number, lock = false) {
  const query = db.select().from(pessoa).where(and(eq(pessoa.id, id), pessoaInScope(scope, pessoa.id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Pessoa');
  return row;
}

/**
 * tipo_pessoa as the contracts answer it ('F' | 'J'). The column is a plain char(1) that both
 * writers (update here, solicitaGarantia) fill from the document's kind; a stray value fails here
 * loudly instead of reaching a screen.
 */
export function tipoPessoa(value: string): TipoPessoa {
  return tipoPessoaSchema.parse(value);
}
