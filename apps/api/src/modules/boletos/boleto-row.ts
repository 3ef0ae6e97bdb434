import { eq, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { fromCents, toCents, todayInSaoPaulo, valorAtualizadoCents, type AntecipacaoSituacao } from '@bg/domain';
import { boleto, empresa, garantia, pessoa } from '../../db/schema/index.js';

/** What identifies an instalment: every boleto read starts from these. */
export const parcelaColumns = {
  id: boleto.id,
  digito: boleto.digito,
  parcela: boleto.parcela,
  valor: boleto.valor,
  vencimento: boleto.vencimento,
};

/** Columns of a boleto as lists and details show it (spec §3 Slip, flattened). */
export const boletoColumns = {
  ...parcelaColumns,
  situacao: boleto.situacao,
  nosso_numero: boleto.nosso_numero,
  linha_digitavel: boleto.linha_digitavel,
  created_at: boleto.created_at,
  garantia_id: garantia.id,
  garantia_digito: garantia.digito,
  garantia_status: garantia.status,
  libera_boleto: garantia.libera_boleto,
  empresa_id: garantia.empresa_id,
  fantasia: empresa.fantasia,
  pessoa_id: pessoa.id,
  nome_razao: pessoa.nome_razao,
  cpf_cnpj: pessoa.cpf_cnpj,
  // the advance that holds the boleto, if any (EM ANÁLISE or APROVADA: the seams of decision 109);
  // one probe of the partial unique index antecipacao_boleto (boleto_id) WHERE ativo per row
  antecipacao_id: sql<number | null>`(select ab.antecipacao_id from antecipacao_boleto ab where ab.boleto_id = ${boleto.id} and ab.ativo)`,
  antecipacao_situacao: sql<AntecipacaoSituacao | null>`(select a.situacao from antecipacao_boleto ab join antecipacao a on a.id = ab.antecipacao_id where ab.boleto_id = ${boleto.id} and ab.ativo)`,
};

/**
 * boleto → its garantia → pessoa and empresa: the joins every boleto read with context uses, added
 * to `db.select(...).from(boleto).$dynamic()`.
 */
export function withBoletoContext<T extends PgSelect>(query: T) {
  return query
    .innerJoin(garantia, eq(garantia.id, boleto.garantia_id))
    .innerJoin(pessoa, eq(pessoa.id, garantia.pessoa_id))
    .innerJoin(empresa, eq(empresa.id, garantia.empresa_id));
}

type RawRow = { [K in keyof typeof boletoColumns]: unknown } & { valor: string; vencimento: string; antecipacao_id: number | null; antecipacao_situacao: AntecipacaoSituacao | null };

/** Money to JSON numbers, the receipts' Valor Atualizado (domain rule) and the advance holding it. */
export function presentBoleto<R extends RawRow>(row: R, today = todayInSaoPaulo()) {
  const cents = toCents(row.valor);
  const { antecipacao_id, antecipacao_situacao, ...rest } = row;
  return {
    ...rest,
    valor: fromCents(cents),
    valor_atualizado: fromCents(valorAtualizadoCents(cents, row.vencimento, today)),
    antecipacao: antecipacao_id !== null && antecipacao_situacao !== null ? { id: Number(antecipacao_id), situacao: antecipacao_situacao } : null,
  };
}
