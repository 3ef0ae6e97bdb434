import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { empresa, pessoaTelefone } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { pagedSelect } from '../../shared/paged-select.js';
import { empresaScope, inScope } from '../tenancy/scope.js';
import { loadPessoaInScope } from './pessoa-access.js';
import { visaoLoja } from '../../shared/pessoa-dados.js';

export type ListTelefonesInput = { page: number; per_page: number };

/**
 * GET /api/pessoa/getTelefones/{id}: the person's extra phones in the views the reader may read
 * (a shop its own; an administrador every view, the administradores' included), marked by shop,
 * oldest first, paged like every list. 404 outside scope.
 */
export async function listTelefones(db: Db, actor: Actor, pessoaId: number, input: ListTelefonesInput) {
  const scope = await empresaScope(db, actor);
  await loadPessoaInScope(db, scope, pessoaId);
  const query = db
    .select({
      id: pessoaTelefone.id,
      telefone: pessoaTelefone.telefone,
      contato: pessoaTelefone.contato,
      created_at: pessoaTelefone.created_at,
      pessoa_id: pessoaTelefone.pessoa_id,
      empresa_id: pessoaTelefone.empresa_id,
      fantasia: empresa.fantasia,
    })
    .from(pessoaTelefone)
    .leftJoin(empresa, eq(empresa.id, pessoaTelefone.empresa_id))
    .where(and(eq(pessoaTelefone.pessoa_id, pessoaId), inScope(scope, pessoaTelefone.empresa_id)))
    .$dynamic();
  return pagedSelect(db, query, { ...input, orderBy: [asc(pessoaTelefone.id)] }, ({ fantasia, ...r }) => ({ ...r, loja: visaoLoja(fantasia) }));
}
