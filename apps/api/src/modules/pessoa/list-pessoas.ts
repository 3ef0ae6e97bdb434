import { and, desc } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pessoa } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { pagedSelect, textSearch } from '../../shared/paged-select.js';
import { tipoPessoa } from './pessoa-access.js';
import { empresaScope, pessoaInScope } from '../tenancy/scope.js';

export type ListPessoasInput = { page: number; per_page: number; pesquisa?: string };

/** GET /api/pessoa/getAllPaginate: people in scope, searched by name (or document digits). */
export async function listPessoas(db: Db, actor: Actor, input: ListPessoasInput) {
  const scope = await empresaScope(db, actor);
  const search = textSearch(input.pesquisa, { text: [pessoa.nome_razao], digits: [pessoa.cpf_cnpj] });
  const query = db
    .select({
      id: pessoa.id,
      nome_razao: pessoa.nome_razao,
      cpf_cnpj: pessoa.cpf_cnpj,
      tipo_pessoa: pessoa.tipo_pessoa,
      telefone1: pessoa.telefone1,
      telefone2: pessoa.telefone2,
      situacao: pessoa.situacao,
    })
    .from(pessoa)
    .where(and(pessoaInScope(scope, pessoa.id), search))
    .$dynamic();
  return pagedSelect(db, query, { ...input, orderBy: [desc(pessoa.id)] }, (r) => ({ ...r, tipo_pessoa: tipoPessoa(r.tipo_pessoa) }));
}
