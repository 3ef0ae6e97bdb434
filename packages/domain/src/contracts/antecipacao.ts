import { z } from 'zod';
import { idParam, idParamSchema, isoDateSchema, moneySchema, pagingQuerySchema, wholeNumberSchema } from '../schemas/common.js';
import { defineContract } from './contract.js';
import { calendarDate, createdId, id, money, ok, okData, pagedOf, rate, timestamp } from './envelope.js';

/**
 * Antecipações (spec §2 Advances, §3 Advance, §4 Advance, §7 "Reports and advances": the calls
 * live under /api/relatorio/). Figures come from `simulateAdvance` (packages/domain/src/advance).
 */
const tags = ['antecipações'];

export const ANTECIPACAO_SITUACAO = { EM_ANALISE: 'EM ANÁLISE', APROVADA: 'APROVADA', NEGADA: 'NEGADA' } as const;
export const ANTECIPACAO_SITUACOES = [ANTECIPACAO_SITUACAO.EM_ANALISE, ANTECIPACAO_SITUACAO.APROVADA, ANTECIPACAO_SITUACAO.NEGADA] as const;
export type AntecipacaoSituacao = (typeof ANTECIPACAO_SITUACOES)[number];
export const antecipacaoSituacaoSchema = z.enum(ANTECIPACAO_SITUACOES);

export const ANTECIPACAO_MSG = {
  naoHabilitada: 'A antecipação não está habilitada para a sua empresa.',
  naoHabilitadaLoja: 'A antecipação não está habilitada para esta loja.',
  taxaNaoConfiguradaLoja: 'A taxa de antecipação desta loja não está configurada.',
  escolhaLoja: 'Selecione a loja.',
  somenteUsuario: 'A simulação e a solicitação de antecipação são feitas pelo usuário da loja.',
  semEmpresa: 'Seu usuário não está vinculado a uma empresa.',
  figurasMudaram: 'Os valores da simulação mudaram (um boleto foi pago, alterado ou entrou na lista). Confira a nova simulação e envie novamente.',
  jaDecidida: (situacao: string) => `Esta antecipação já foi decidida: ${situacao}.`,
  documentoIndisponivel: 'O documento fica disponível depois que a antecipação é aprovada.',
  boletoSaiu: 'Um ou mais boletos desta antecipação não estão mais GARANTIDOS; negue a solicitação.',
  enviada: 'Solicitação de antecipação enviada para análise!',
  aprovada: 'Antecipação aprovada!',
  negada: 'Antecipação negada.',
} as const;

/** The totals of a simulation, as "Resumo" shows them (spec §3 "Simulation totals"). */
export const antecipacaoTotaisJson = z.object({
  data_simulacao: calendarDate,
  qtd_boletos: z.number().int(),
  total_boletos: money,
  total_prorata: money,
  total_taxa_antecipacao: money,
  taxa_basica: money,
  total_antecipacao: money,
});

/**
 * A boleto of "Simulação da Antecipação": Data (of the guarantee), Garantia, Cliente, Vencimento,
 * Valor, Prorata with its number of days, and Taxa, the percentage the prorata applies
 * (taxa_prorrata per day × days: 0.1 × 31 = 3.1 means 3,1%).
 */
export const antecipacaoBoletoJson = z.object({
  id,
  digito: z.number().int(),
  parcela: z.number().int(),
  garantia_id: id,
  garantia_digito: z.number().int(),
  data: timestamp,
  nome_razao: z.string(),
  cpf_cnpj: z.string(),
  vencimento: calendarDate,
  valor: money,
  qtd_dias: z.number().int(),
  prorata: money,
  taxa: rate,
});

/** The empresa's rates the figures were computed with (percent: 0.1 = 0,1% ao dia; 2.5 = 2,5%). */
const taxasJson = z.object({ taxa_prorrata: rate, taxa_antecipacao: rate });

/** An advance as the list shows it (spec §3 Advance, plus its Loja for the administrador). */
export const antecipacaoJson = z.object({
  id,
  created_at: timestamp,
  empresa_id: id,
  fantasia: z.string(),
  qtd_boletos: z.number().int(),
  total_boletos: money,
  total_prorata: money,
  total_taxa_antecipacao: money,
  taxa_basica: money,
  total_antecipacao: money,
  situacao: antecipacaoSituacaoSchema,
});

const antecipacaoDetalheJson = antecipacaoJson.extend({
  data_simulacao: calendarDate,
  razao: z.string(),
  cnpj: z.string(),
  usuario: z.string(),
  decidido_por: z.string().nullable(),
  decidido_em: timestamp.nullable(),
  taxas: taxasJson,
  boletos: z.array(antecipacaoBoletoJson),
});

const idSchema = idParam;

/**
 * createAntecipacao: the figures the shop saw (the simulation as it was answered, in reais). The
 * server simulates again and refuses the request unless every figure still holds.
 */
export const createAntecipacaoBody = z.object({
  data_simulacao: isoDateSchema,
  boletos: z
    .array(z.object({ id: idSchema, valor: moneySchema, vencimento: isoDateSchema, prorata: moneySchema }))
    .min(1, 'Não há boletos disponíveis para antecipação.')
    .max(2000),
  totais: z.object({
    qtd_boletos: wholeNumberSchema('Quantidade de boletos inválida', { min: 1, max: 2000 }),
    total_boletos: moneySchema,
    total_prorata: moneySchema,
    total_taxa_antecipacao: moneySchema,
    taxa_basica: moneySchema,
    total_antecipacao: moneySchema,
  }),
});
export type CreateAntecipacaoBody = z.input<typeof createAntecipacaoBody>;

const allWhenEmpty = z.literal('').transform(() => undefined);

export const antecipacaoListQuery = pagingQuerySchema.extend({
  situacao: antecipacaoSituacaoSchema.optional().or(allWhenEmpty),
  empresa_id: idSchema.optional().or(allWhenEmpty),
});

const decisionJson = okData(z.object({ id, situacao: antecipacaoSituacaoSchema }));

export const antecipacaoContracts = {
  simulaAntecipacao: defineContract({
    method: 'GET', path: '/api/relatorio/simulaAntecipacao', access: 'authenticated', tags,
    summary: 'Simulação da antecipação dos boletos GARANTIDOS a vencer da empresa (usuário nível 1; administrador: da loja escolhida, só consulta)',
    // empresa_id: the shop an administrador looks at (required for it); an usuario may name only its own
    query: z.object({ empresa_id: idParam.optional() }),
    // totais is null when the empresa has no boleto to advance (msg says so)
    response: ok({ boletos: z.array(antecipacaoBoletoJson), totais: antecipacaoTotaisJson.nullable(), taxas: taxasJson }),
  }),
  getAllAntecipacao: defineContract({
    method: 'GET', path: '/api/relatorio/getAllAntecipacao', access: 'authenticated', tags,
    summary: 'Antecipações (da própria empresa; administrador: todas)',
    query: antecipacaoListQuery,
    response: pagedOf(antecipacaoJson),
  }),
  getAntecipacao: defineContract({
    method: 'GET', path: '/api/relatorio/getAntecipacao/:id', access: 'authenticated', tags,
    summary: 'Antecipação com seus boletos e valores',
    params: idParamSchema,
    response: okData(antecipacaoDetalheJson),
  }),
  createAntecipacao: defineContract({
    method: 'POST', path: '/api/relatorio/createAntecipacao', access: 'authenticated', tags,
    summary: 'Enviar solicitação de antecipação (sujeita a análise) com os valores simulados',
    body: createAntecipacaoBody,
    response: createdId,
  }),
  aprovaAntecipacao: defineContract({
    method: 'POST', path: '/api/relatorio/aprovaAntecipacao/:id', access: 'admin', tags,
    summary: 'Aprovar antecipação EM ANÁLISE (irreversível)',
    params: idParamSchema,
    response: decisionJson,
  }),
  negaAntecipacao: defineContract({
    method: 'POST', path: '/api/relatorio/negaAntecipacao/:id', access: 'admin', tags,
    summary: 'Negar antecipação EM ANÁLISE (irreversível)',
    params: idParamSchema,
    response: decisionJson,
  }),
  getAntecipacaoDocumento: defineContract({
    method: 'GET', path: '/api/relatorio/getAntecipacaoDocumento/:id', access: 'authenticated', tags,
    summary: 'Documento da antecipação aprovada (PDF)',
    params: idParamSchema,
    file: { contentTypes: ['application/pdf'], description: 'O documento da antecipação em PDF' },
  }),
};
