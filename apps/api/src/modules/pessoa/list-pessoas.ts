import { and, desc, ilike, or, sql, type SQL } from 'drizzle-orm';
import { onlyDigits } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { pessoa } from '../../db/schema/index.js';
import { offsetOf, paged } from '../../http/paging.js';
import type { Actor } from '../audit/record-audit.js';
import { pessoaInScope } from '../tenancy/scope.js';
import { readScope, tipoPessoa } from './pessoa-access.js';

export type ListPessoasInput = { page: number; per_page: number; pesquisa?: string };

/** GET /api/pessoa/getAllPaginate: people in scope, searched by name (or document digits). */
export async function listPessoas(db: Db, actor: Actor, input: ListPessoasInput) {
  const scope = await readScope(db, actor);
  const filters: SQL[] = [pessoaInScope(scope, pessoa.id)];
  if (input.pesquisa) {
    const digits = onlyDigits(input.pesquisa);
    const byName = ilike(pessoa.nome_razao, `%${input.pesquisa}%`);
    filters.push(digits.length >= 3 ? (or(byName, ilike(pessoa.cpf_cnpj, `%${digits}%`)) as SQL) : byName);
  }
  const where = and(...filters);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(pessoa).where(where);
  const rows = await db
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
    .where(where)
    .orderBy(desc(pessoa.id))
    .limit(input.per_page)
    .offset(offsetOf(input.page, input.per_page));
  return paged(rows.map((r) => ({ ...r, tipo_pessoa: tipoPessoa(r.tipo_pessoa) })), Number(total), input.page, input.per_page);
}
