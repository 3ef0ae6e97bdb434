import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { empresa, pessoa, pessoaVisao } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { isAdministrador } from '../tenancy/access.js';
import { inScope, type EmpresaScope } from '../tenancy/scope.js';
import { dadosColumns } from '../../shared/pessoa-dados.js';

/**
 * A person's views (decision 104): one per shop that requested a guarantee for the person
 * (empresa_id), plus the administradores' own (empresa_id null). A shop reads and changes only its
 * own; a franqueado reads its franchisees' too; an administrador every one.
 */
export const visaoColumns = {
  id: pessoaVisao.id,
  empresa_id: pessoaVisao.empresa_id,
  fantasia: empresa.fantasia,
  ...dadosColumns(pessoaVisao),
  updated_at: pessoaVisao.updated_at,
};

/** The views of the person the scope may read: the reader's own shop's first, then the latest changed. */
export function readableVisoes(db: DbOrTx, scope: EmpresaScope, pessoaId: number, ownEmpresaId: number | null) {
  const own = ownEmpresaId === null ? sql`false` : sql`${pessoaVisao.empresa_id} = ${ownEmpresaId}`;
  return db
    .select(visaoColumns)
    .from(pessoaVisao)
    .leftJoin(empresa, eq(empresa.id, pessoaVisao.empresa_id))
    .where(and(eq(pessoaVisao.pessoa_id, pessoaId), inScope(scope, pessoaVisao.empresa_id)))
    .orderBy(sql`(${own}) is true desc`, desc(pessoaVisao.updated_at), desc(pessoaVisao.id));
}

/**
 * The view an actor's change goes to, locked (FOR UPDATE) so the limits counted under it hold: a
 * shop's user (usuario, franqueado) its own shop's — naming another empresa, or having no view of
 * the person, answers 404 like a person out of scope; an administrador the shop it names, or its
 * own view when it names none (made on first use, holding the identity).
 */
export async function writableVisao(tx: DbOrTx, actor: Pick<Actor, 'nivel' | 'empresa_id'>, pessoaId: number, empresaId: number | null | undefined) {
  let target: number | null;
  if (isAdministrador(actor)) {
    target = empresaId ?? null;
    if (target === null) {
      await tx.execute(sql`
        insert into pessoa_visao (pessoa_id, empresa_id, nome_razao, data_nascimento)
        select p.id, null, p.nome_razao, p.data_nascimento from pessoa p where p.id = ${pessoaId}
        on conflict (pessoa_id, empresa_id) do nothing`);
    }
  } else {
    if (actor.empresa_id == null || (empresaId != null && empresaId !== actor.empresa_id)) throw notFound('Pessoa');
    target = actor.empresa_id;
  }
  const [row] = await tx
    .select()
    .from(pessoaVisao)
    .where(and(eq(pessoaVisao.pessoa_id, pessoaId), target === null ? isNull(pessoaVisao.empresa_id) : eq(pessoaVisao.empresa_id, target)))
    .for('update');
  if (!row) throw notFound('Pessoa');
  return row;
}

/** The person's shared identity (document, kind, name, birth date), or 404. */
export async function loadIdentidade(db: DbOrTx, pessoaId: number, lock = false) {
  const query = db.select().from(pessoa).where(eq(pessoa.id, pessoaId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Pessoa');
  return row;
}
