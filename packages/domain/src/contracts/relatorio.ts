import { z } from 'zod';
import { idParam } from '../schemas/common.js';
import { relatorioPeriodoSchema } from '../relatorio/periodo.js';
import { defineContract } from './contract.js';
import { calendarDate, id, money, ok, okData, timestamp } from './envelope.js';

// The report month helpers travel with the report contracts (the web builds its selects from them).
export * from '../relatorio/periodo.js';

/**
 * Faturamento and Fechamento (spec §2 Reports, §3 "Faturamento report item", DOMAIN.md Reports).
 * Every figure is computed in SQL by the API; docs/financeiro.md has the definitions and a worked
 * example.
 */
const tags = ['relatórios'];

/** The money figures of one empresa (or of the subtotal) in one month. */
const figurasShape = {
  /** Repasse Bruto: value of the boletos that reached LIQUIDADO or BAIXADO in the month. */
  total_boletos: money,
  /** Recebido Estab: the part paid to the shop directly (BAIXADO). */
  recebido_estabelecimento: money,
  /** Serviços Premium: consultas × valor_consulta + mensalidade + advance fees of the month. */
  servicos_premium: money,
  repasse_liquido: money,
  /** Recebido Premium: what the bank paid (LIQUIDADO). */
  recebido_premium: money,
  receita: money,
};

export const faturamentoItemJson = z.object({
  empresa_id: id,
  razao: z.string(),
  fantasia: z.string(),
  ...figurasShape,
});

export const faturamentoSubtotalJson = z.object(figurasShape);

/** One month of the chart above the table (all empresas). */
export const faturamentoMesJson = z.object({
  mes: z.number().int(),
  ano: z.number().int(),
  receita: money,
  repasse_liquido: money,
  recebido_premium: money,
});

const boletoFechamentoJson = z.object({
  id,
  garantia_id: id,
  garantia_digito: z.number().int(),
  parcela: z.number().int(),
  nome_razao: z.string(),
  cpf_cnpj: z.string(),
  vencimento: calendarDate,
  valor: money,
  situacao: z.enum(['LIQUIDADO', 'BAIXADO']),
  /** When the boleto reached that situação (its history). */
  data_evento: timestamp,
});

const antecipacaoFechamentoJson = z.object({
  id,
  decidido_em: timestamp,
  total_boletos: money,
  total_prorata: money,
  total_taxa_antecipacao: money,
  taxa_basica: money,
  /** prorata + taxa de antecipação + taxa básica: what the advance adds to Serviços Premium. */
  total_taxas: money,
});

const fechamentoJson = z.object({
  mes: z.number().int(),
  ano: z.number().int(),
  empresa: z.object({ id, razao: z.string(), fantasia: z.string(), cnpj: z.string() }),
  resumo: faturamentoSubtotalJson,
  consultas: z.number().int(),
  valor_consulta: money,
  total_consultas: money,
  mensalidade: money,
  total_antecipacoes: money,
  boletos: z.array(boletoFechamentoJson),
  antecipacoes: z.array(antecipacaoFechamentoJson),
  /** The closing rendered by the server, every value escaped (docs/decisions/021-server-escaped-html.md). */
  html: z.string(),
});

export const fechamentoQuery = relatorioPeriodoSchema.extend({
  empresa_id: idParam,
});

export const relatorioContracts = {
  getFaturamento: defineContract({
    method: 'GET', path: '/api/relatorio/getFaturamento', access: 'admin', tags,
    summary: 'Faturamento do mês por loja, com subtotal e os 12 meses até ele',
    query: relatorioPeriodoSchema,
    response: ok({
      mes: z.number().int(),
      ano: z.number().int(),
      data: z.array(faturamentoItemJson),
      subtotal: faturamentoSubtotalJson,
      meses: z.array(faturamentoMesJson),
    }),
  }),
  getFaturamentoCsv: defineContract({
    method: 'GET', path: '/api/relatorio/getFaturamentoCsv', access: 'admin', tags,
    summary: 'Faturamento do mês em CSV (separador ;, decimais com vírgula)',
    query: relatorioPeriodoSchema,
    file: { contentTypes: ['text/csv'], description: 'O faturamento do mês, uma linha por loja e o subtotal' },
  }),
  getFechamento: defineContract({
    method: 'GET', path: '/api/relatorio/getFechamento', access: 'admin', tags,
    summary: 'Fechamento do mês de uma empresa (valores e HTML gerado pelo servidor)',
    query: fechamentoQuery,
    response: okData(fechamentoJson),
  }),
  getFechamentoPdf: defineContract({
    method: 'GET', path: '/api/relatorio/getFechamentoPdf', access: 'admin', tags,
    summary: 'Fechamento do mês de uma empresa em PDF',
    query: fechamentoQuery,
    file: { contentTypes: ['application/pdf'], description: 'O fechamento em PDF' },
  }),
};
