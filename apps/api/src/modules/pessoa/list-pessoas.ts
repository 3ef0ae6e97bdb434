import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pessoa, pessoaVisao } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { pagedSelect, textSearch } from '../../shared/paged-select.js';
import { isAdministrador } from '../tenancy/access.js';
import { empresaScope, inScope, pessoaInScope } from '../tenancy/scope.js';
import { tipoPessoa } from './pessoa-access.js';

export type ListPessoasInput = { page: number; per_page: number; pesquisa?: string };

/**
 * GET /api/pessoa/getAllPaginate: people in scope, searched by name (or document digits). Name and
 * phones are the reader's own view's (decision 104) — its shop's, else the latest view it may
 * read; an administrador sees the shared identity's name and the latest view's phones.
 */
export async function listPessoas(db: Db, actor: Actor, input: ListPessoasInput) {
  const scope = await empresaScope(db, actor);
  const own = actor.empresa_id == null ? sql`false` : sql`${pessoaVisao.empresa_id} = ${actor.empresa_id}`;
  const visao = db
    .select({ nome_razao: pessoaVisao.nome_razao, telefone1: pessoaVisao.telefone1, telefone2: pessoaVisao.telefone2 })
    .from(pessoaVisao)
    .where(and(eq(pessoaVisao.pessoa_id, pessoa.id), inScope(scope, pessoaVisao.empresa_id)))
    .orderBy(sql`(${own}) is true desc`, desc(pessoaVisao.updated_at), desc(pessoaVisao.id))
    .limit(1)
    .as('visao');
  const where = and(pessoaInScope(scope, pessoa.id), textSearch(input.pesquisa, { text: [pessoa.nome_razao], digits: [pessoa.cpf_cnpj] }));
  const admin = isAdministrador(actor);
  const query = db
    .select({
      id: pessoa.id,
      nome_razao: pessoa.nome_razao,
      visao_nome: visao.nome_razao,
      cpf_cnpj: pessoa.cpf_cnpj,
      tipo_pessoa: pessoa.tipo_pessoa,
      telefone1: visao.telefone1,
      telefone2: visao.telefone2,
      situacao: pessoa.situacao,
    })
    .from(pessoa)
    .leftJoinLateral(visao, sql`true`)
    .where(where)
    .$dynamic();
  const countFrom = db.select({ id: pessoa.id }).from(pessoa).where(where).$dynamic();
  return pagedSelect(db, query, { ...input, orderBy: [desc(pessoa.id)], countFrom }, ({ visao_nome, ...r }) => ({
    ...r,
    nome_razao: admin ? r.nome_razao : (visao_nome ?? r.nome_razao),
    tipo_pessoa: tipoPessoa(r.tipo_pessoa),
  }));
}
