import { COBRANCA_MSG } from '@bg/domain';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { acessoDadosPessoais, pessoa, usuario } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { pagedSelect } from '../../shared/paged-select.js';
import type { PageInput } from '../../shared/paging.js';
import { assertAdmin } from '../tenancy/access.js';

/** GET /api/pessoa/getAcessos/{id} (administradores): who viewed the person's personal data, newest first. */
export async function listAcessos(db: Db, actor: Actor, pessoaId: number, input: PageInput) {
  assertAdmin(actor, COBRANCA_MSG.somenteAdministrador);
  const [found] = await db.select({ id: pessoa.id }).from(pessoa).where(eq(pessoa.id, pessoaId));
  if (!found) throw notFound('Pessoa');
  const query = db
    .select({
      id: acessoDadosPessoais.id,
      created_at: acessoDadosPessoais.created_at,
      usuario_id: acessoDadosPessoais.usuario_id,
      usuario_nome: usuario.name,
      usuario_login: usuario.login,
      recurso: acessoDadosPessoais.recurso,
      rota: acessoDadosPessoais.rota,
      ip: acessoDadosPessoais.ip,
    })
    .from(acessoDadosPessoais)
    .leftJoin(usuario, eq(usuario.id, acessoDadosPessoais.usuario_id))
    .where(eq(acessoDadosPessoais.pessoa_id, pessoaId))
    .$dynamic();
  return pagedSelect(db, query, { ...input, orderBy: [desc(acessoDadosPessoais.created_at), desc(acessoDadosPessoais.id)] });
}
