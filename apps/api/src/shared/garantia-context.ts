import { and, eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { empresa, garantia, pessoa, pessoaVisao } from '../db/schema/index.js';

/**
 * garantia → its pessoa and empresa (loja): the joins every guarantee read with context uses,
 * added to `db.select(...).from(garantia).$dynamic()`. Here, below modules/, because both the
 * guarantee lists (garantia) and the print and duplicata reads (boletos) use it, and garantia
 * already depends on boletos (release issues its boletos).
 */
export function withGarantiaContext<T extends PgSelect>(query: T) {
  return query.innerJoin(pessoa, eq(pessoa.id, garantia.pessoa_id)).innerJoin(empresa, eq(empresa.id, garantia.empresa_id));
}

/**
 * The guarantee's shop's view of its person (decision 104): what that shop typed — the payer's
 * address its slips, duplicatas and the bank file carry. Join it with `leftJoin(pessoaVisao,
 * visaoDaGarantia)` on a query that has `garantia`.
 */
export const visaoDaGarantia = and(eq(pessoaVisao.pessoa_id, garantia.pessoa_id), eq(pessoaVisao.empresa_id, garantia.empresa_id));

/** The payer as the guarantee's shop knows it: the shared name and document, its view's address. */
export const pagadorColumns = {
  nome_razao: pessoa.nome_razao,
  cpf_cnpj: pessoa.cpf_cnpj,
  endereco: pessoaVisao.endereco,
  numero: pessoaVisao.numero,
  complemento: pessoaVisao.complemento,
  bairro: pessoaVisao.bairro,
  cidade: pessoaVisao.cidade,
  uf: pessoaVisao.uf,
  cep: pessoaVisao.cep,
};
