import { z } from 'zod';
import { idParam, idParamSchema, pagingQuerySchema, wholeNumberSchema } from '../schemas/common.js';
import { ALL_SITUACOES, GARANTIA_STATUS } from '../situacao/boleto-situacao.js';
import { defineContract } from './contract.js';
import { calendarDate, id, money, okData, pagedOf, sn, timestamp } from './envelope.js';

const tags = ['boletos'];

/** A boleto situação on the wire (DOMAIN.md "Boleto situação"). */
export const boletoSituacaoSchema = z.enum(ALL_SITUACOES);
/** A guarantee status, and the label users see (APROVADO without release reads PRÉ APROVADO). */
const garantiaStatusJson = z.enum(Object.values(GARANTIA_STATUS));
const garantiaStatusLabelJson = z.enum([...Object.values(GARANTIA_STATUS), 'PRÉ APROVADO']);

/** Empty text in a filter means "all" (the screens send `situacao=` for TODAS). */
const allWhenEmpty = z.literal('').transform(() => undefined);

const boletoListQuery = pagingQuerySchema.extend({
  pesquisa: z.string().trim().max(100).optional(),
  situacao: boletoSituacaoSchema.optional().or(allWhenEmpty),
  empresa_id: idParam.optional().or(allWhenEmpty),
});

/**
 * A released boleto as Boletos Garantidos and Recebimentos list it (spec §3 Slip, its garantia,
 * pessoa and loja flattened): Valor Atualizado is computed by the domain rule (2% + 0,33% ao dia).
 */
const boletoJson = z.object({
  id,
  digito: z.number().int(),
  parcela: z.number().int(),
  valor: money,
  valor_atualizado: money,
  vencimento: calendarDate,
  situacao: boletoSituacaoSchema,
  created_at: timestamp,
  garantia_id: id,
  garantia_digito: z.number().int(),
  fantasia: z.string(),
  nome_razao: z.string(),
  cpf_cnpj: z.string(),
  /**
   * The advance that holds the boleto (EM ANÁLISE or APROVADA), or null. Inside one the seams of
   * DOMAIN.md apply: the screens say so before acting (decision 109).
   */
  antecipacao: z.object({ id, situacao: z.enum(['EM ANÁLISE', 'APROVADA', 'NEGADA']) }).nullable(),
  /**
   * Whether the asking user may act on it (Receber…): false for a franqueado looking at its
   * franchisee's boleto (DOMAIN.md "Tenancy": read only), so the screens do not offer the action.
   */
  pode_alterar: z.boolean(),
});

/** One change of situação: who, when, from, to, why. */
const boletoHistoricoJson = z.object({
  id,
  de: boletoSituacaoSchema.nullable(),
  para: boletoSituacaoSchema,
  motivo: z.string().nullable(),
  usuario: z.string().nullable(),
  created_at: timestamp,
});

/** getById: the boleto (not yet released: no situação, no nosso número) with its history. */
const boletoDetailJson = boletoJson.extend({
  situacao: boletoSituacaoSchema.nullable(),
  nosso_numero: z.number().int().nullable(),
  /** As the slip prints it (the bank's format, `formatNossoNumero`): what a screen shows. */
  nosso_numero_formatado: z.string().nullable(),
  linha_digitavel: z.string().nullable(),
  historico: z.array(boletoHistoricoJson),
});

/** A guarantee in Impressão de Boletos (request data of "Boletos da Garantia"). */
const garantiaImpressaoJson = z.object({
  id,
  digito: z.number().int(),
  data: timestamp,
  status: garantiaStatusJson,
  libera_boleto: sn,
  situacao: garantiaStatusLabelJson,
  qtd_titulo: z.number().int(),
  fantasia: z.string(),
  nome_razao: z.string(),
  cpf_cnpj: z.string(),
  /**
   * Whether the asking user may change it (duplicata upload, Assinatura digital): false for a
   * franqueado looking at its franchisee's guarantee (DOMAIN.md "Tenancy": read only).
   */
  pode_alterar: z.boolean(),
});

/** An instalment of "Boletos da Garantia" (no situação until the boletos are released). */
const parcelaImpressaoJson = z.object({
  id,
  digito: z.number().int(),
  parcela: z.number().int(),
  valor: money,
  vencimento: calendarDate,
  situacao: boletoSituacaoSchema.nullable(),
  linha_digitavel: z.string().nullable(),
});

/** The optional reason of a boleto action, recorded in its history. */
const boletoMotivoBody = z.object({ motivo: z.string().trim().max(300).optional().nullable() }).optional().nullable();

/** What a situação change answers: the boleto and its move. */
const situacaoChangeJson = z.object({ boletoId: id, from: boletoSituacaoSchema.nullable(), to: boletoSituacaoSchema });

const pdf = (description: string) => ({ contentTypes: ['application/pdf'], description });

/** Spec §7 Slips (update/{id} is with the guarantees, gerarRemessa and getRemessas with CNAB). */
export const boletoContracts = {
  getAllPaginate: defineContract({
    method: 'GET', path: '/api/boleto/getAllPaginate', access: 'authenticated', tags,
    summary: 'Boletos liberados (Boletos Garantidos; Recebimentos com situacao=GARANTIDO)',
    query: boletoListQuery,
    response: pagedOf(boletoJson),
  }),
  getById: defineContract({
    method: 'GET', path: '/api/boleto/getById/:id', access: 'authenticated', tags,
    summary: 'Boleto e seu histórico',
    params: idParamSchema,
    response: okData(boletoDetailJson),
  }),
  getGarantiasImpressao: defineContract({
    method: 'GET', path: '/api/boleto/getGarantiasImpressao', access: 'authenticated', tags,
    summary: 'Garantias para impressão (as da própria empresa; administrador: todas)',
    query: pagingQuerySchema.extend({ pesquisa: z.string().trim().max(100).optional() }),
    response: pagedOf(garantiaImpressaoJson),
  }),
  getGarantiaImpressao: defineContract({
    method: 'GET', path: '/api/boleto/getGarantiaImpressao/:id', access: 'authenticated', tags,
    summary: 'Boletos da Garantia',
    params: idParamSchema,
    response: okData(garantiaImpressaoJson.extend({ boletos: z.array(parcelaImpressaoJson) })),
  }),
  getBoleto: defineContract({
    method: 'GET', path: '/api/boleto/getBoleto/:id', access: 'authenticated', tags,
    summary: 'PDF do boleto (recibo + ficha de compensação)',
    params: idParamSchema,
    file: pdf('O boleto em PDF'),
  }),
  getCarneBoleto: defineContract({
    method: 'GET', path: '/api/boleto/getCarneBoleto/:id/:via', access: 'authenticated', tags,
    summary: 'Carnê da garantia (3 boletos por página)',
    params: idParamSchema.extend({ via: wholeNumberSchema('Via inválida', { min: 1, max: 9 }) }),
    file: pdf('O carnê da garantia em PDF'),
  }),
  getDuplicataAll: defineContract({
    method: 'GET', path: '/api/boleto/getDuplicataAll/:id', access: 'authenticated', tags,
    summary: 'Duplicatas da garantia (uma por parcela)',
    params: idParamSchema,
    file: pdf('As duplicatas da garantia em PDF'),
  }),
  getComprovante: defineContract({
    method: 'GET', path: '/api/boleto/getComprovante/:token', access: 'public', tags,
    summary: 'Comprovante público de recebimento (pelo token)',
    params: z.object({ token: z.string().max(100) }),
    query: z.object({ formato: z.enum(['html', 'pdf']).optional() }),
    file: { contentTypes: ['text/html', 'application/pdf'], description: 'O comprovante: página HTML ou, com formato=pdf, PDF' },
  }),
  quitar: defineContract({
    method: 'POST', path: '/api/boleto/quitar/:id', access: 'admin', tags,
    summary: 'Quitar (garantia honrada)',
    params: idParamSchema,
    body: boletoMotivoBody,
    response: okData(situacaoChangeJson),
  }),
  cancelar: defineContract({
    method: 'POST', path: '/api/boleto/cancelar/:id', access: 'admin', tags,
    summary: 'Cancelar boleto',
    params: idParamSchema,
    body: boletoMotivoBody,
    response: okData(situacaoChangeJson),
  }),
  marcarQuitado: defineContract({
    method: 'POST', path: '/api/boleto/marcarQuitado/:id', access: 'admin', tags,
    summary: 'Marcar como quitado (BAIXADO (REMOVIDO))',
    params: idParamSchema,
    body: boletoMotivoBody,
    response: okData(situacaoChangeJson),
  }),
  baixar: defineContract({
    method: 'POST', path: '/api/boleto/baixar/:id', access: 'authenticated', tags,
    summary: 'Baixar (recebido pela loja) e emitir comprovante',
    params: idParamSchema,
    body: boletoMotivoBody,
    // the token is the key of the public receipt the screen opens right after
    response: okData(situacaoChangeJson.extend({ comprovante_token: z.string() })),
  }),
};
