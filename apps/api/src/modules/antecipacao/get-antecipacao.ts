import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { parsePercentRate, percentText } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { antecipacao, antecipacaoBoleto, boleto, empresa, garantia, pessoa, usuario } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { antecipacaoColumns, money, presentAntecipacao, visibleAntecipacaoId } from './antecipacao-row.js';
import { rateNumber } from './advance-simulation.js';

const decisor = alias(usuario, 'decisor');

/**
 * GET /api/relatorio/getAntecipacao/{id}: the advance with the figures stored for each boleto (what
 * the shop saw when it sent the request), its empresa, who asked and who decided. 404 outside the
 * actor's scope.
 */
export async function getAntecipacao(db: DbOrTx, actor: Actor, id: number) {
  await visibleAntecipacaoId(db, actor, id);
  const [row] = await db
    .select({
      ...antecipacaoColumns,
      data_simulacao: antecipacao.data_simulacao,
      razao: empresa.razao,
      cnpj: empresa.cnpj,
      usuario: usuario.name,
      decidido_por: decisor.name,
      decidido_em: antecipacao.decidido_em,
      taxa_prorrata: antecipacao.taxa_prorrata,
      taxa_antecipacao: antecipacao.taxa_antecipacao,
    })
    .from(antecipacao)
    .innerJoin(empresa, eq(empresa.id, antecipacao.empresa_id))
    .innerJoin(usuario, eq(usuario.id, antecipacao.usuario_id))
    .leftJoin(decisor, eq(decisor.id, antecipacao.decidido_por))
    .where(eq(antecipacao.id, id));
  const boletos = await db
    .select({
      id: boleto.id,
      digito: boleto.digito,
      parcela: boleto.parcela,
      garantia_id: garantia.id,
      garantia_digito: garantia.digito,
      data: garantia.data,
      nome_razao: pessoa.nome_razao,
      cpf_cnpj: pessoa.cpf_cnpj,
      vencimento: antecipacaoBoleto.vencimento,
      valor: antecipacaoBoleto.valor,
      qtd_dias: antecipacaoBoleto.qtd_dias,
      prorata: antecipacaoBoleto.prorata,
    })
    .from(antecipacaoBoleto)
    .innerJoin(boleto, eq(boleto.id, antecipacaoBoleto.boleto_id))
    .innerJoin(garantia, eq(garantia.id, boleto.garantia_id))
    .innerJoin(pessoa, eq(pessoa.id, garantia.pessoa_id))
    .where(eq(antecipacaoBoleto.antecipacao_id, id))
    .orderBy(asc(antecipacaoBoleto.vencimento), asc(boleto.id));
  const prorrata = parsePercentRate(row.taxa_prorrata)!;
  const { taxa_prorrata, taxa_antecipacao, ...rest } = row;
  return {
    ...presentAntecipacao(rest),
    taxas: { taxa_prorrata: rateNumber(taxa_prorrata), taxa_antecipacao: rateNumber(taxa_antecipacao) },
    boletos: boletos.map((b) => ({ ...b, valor: money(b.valor), prorata: money(b.prorata), taxa: Number(percentText(prorrata, b.qtd_dias)) })),
  };
}
