import { z } from 'zod';
import { idParam } from '../schemas/common.js';
import { relatorioPeriodoSchema } from '../relatorio/periodo.js';
import { CANAIS_PAGAMENTO, type CanalPagamento } from '../bank-api/canal-pagamento.js';
import { defineContract } from './contract.js';
import { calendarDate, id, money, ok, okData, timestamp } from './envelope.js';

// The report month helpers travel with the report contracts (the web builds its selects from them).
export * from '../relatorio/periodo.js';

/**
 * Faturamento and Fechamento (spec §2 Reports, §3 "Faturamento report item", DOMAIN.md Reports).
 * Every figure is read by the API from the money ledger's balances and entries (DOMAIN.md "Money
 * ledger"); docs/financeiro.md has the definitions and a worked example.
 */
const tags = ['relatórios'];

/**
 * The money figures of one empresa (or of the subtotal) in one month, read from the ledger by the
 * bank's dates (the month of the data de crédito; the ocorrência when there is none).
 */
const figurasShape = {
  /** Repasse Bruto: value of the boletos paid in the month, at the bank or to the shop directly. */
  total_boletos: money,
  /** Recebido Estab: the part paid to the shop directly (Receber / baixa). */
  recebido_estabelecimento: money,
  /** Serviços Premium: consultas × valor_consulta + mensalidade + advance fees of the month. */
  servicos_premium: money,
  repasse_liquido: money,
  /** Recebido Premium: what the bank actually paid (liquidações, juros and multa included). */
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

/** A payment channel we know (issue 26); null: not given (a CNAB retorno line) or a code we do not read. */
const canalPagamentoJson = z.enum(Object.keys(CANAIS_PAGAMENTO) as [CanalPagamento, ...CanalPagamento[]]).nullable();

const boletoFechamentoJson = z.object({
  id,
  garantia_id: id,
  garantia_digito: z.number().int(),
  parcela: z.number().int(),
  nome_razao: z.string(),
  cpf_cnpj: z.string(),
  vencimento: calendarDate,
  /** LIQUIDADO: paid at the bank; BAIXADO: paid to the shop directly (Receber). */
  situacao: z.enum(['LIQUIDADO', 'BAIXADO']),
  /** The bank's date: data de crédito (else ocorrência); the Receber's day for a baixa. */
  data: calendarDate,
  /** Its part of Repasse Bruto: the boleto's value paid (principal). */
  valor: money,
  /** What the bank paid (0 for a baixa): part of Recebido Premium. */
  valor_pago: money,
  /** Juros and multa the bank paid above the value. */
  encargos: money,
  /** The bank's fee on the payment (an expense of the guarantor, outside the six figures). */
  tarifa: money,
  /** How the customer paid at the bank (the applied liquidação's channel); null for a baixa or a CNAB line. */
  canal: canalPagamentoJson,
  /** Its name as printed: "Pix", "Agência", "Internet banking"…, "—" when null. */
  canal_nome: z.string(),
});

/** "Recebido por canal": the month's bank payments by channel; the rows add up to Recebido Premium. */
const recebidoPorCanalJson = z.object({
  canal: canalPagamentoJson,
  nome: z.string(),
  quantidade: z.number().int(),
  /** What the bank paid through the channel (juros and multa included). */
  valor_pago: money,
});

const antecipacaoFechamentoJson = z.object({
  id,
  /** The day its fees were posted (the approval). */
  data: calendarDate,
  decidido_em: timestamp.nullable(),
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
  recebido_por_canal: z.array(recebidoPorCanalJson),
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
