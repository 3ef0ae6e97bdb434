import { z } from 'zod';
import { vencimentoSchema, cepSchema, cpfCnpjSchema, ID_INVALID, idParam, idParamSchema, MAX_ID, moneySchema, optionalText, pagingQuerySchema, requiredText, ufSchema } from '../schemas/common.js';
import { defineContract } from './contract.js';
import { calendarDate, id, money, okData, pagedOf, timestamp } from './envelope.js';

/**
 * Boletos avulsos (spec §2, §3 Stand-alone slip, §5, §7; docs/cnab.md): a slip charged outside a
 * guarantee — numbered from the conta de cobrança's sequence, printed with the boleto engine, and
 * registered at the bank by a remittance file of its own. Administrador only.
 */
const tags = ['boletos avulsos'];

/**
 * DISPONÍVEL PARA PAGAMENTO when created (printable; its remittance file is ready to send);
 * REGISTRADO once a retorno confirms the entrada; LIQUIDADO when paid at the bank; BAIXADO when
 * the bank writes it off. Changes come from retornos only.
 */
export const BOLETO_AVULSO_SITUACOES = ['DISPONÍVEL PARA PAGAMENTO', 'REGISTRADO', 'LIQUIDADO', 'BAIXADO'] as const;
export type BoletoAvulsoSituacao = (typeof BOLETO_AVULSO_SITUACOES)[number];
export const boletoAvulsoSituacaoSchema = z.enum(BOLETO_AVULSO_SITUACOES);

const emptyToNull = z.union([z.literal(''), z.null(), z.undefined()]).transform(() => null);
/** Optional empresa (a select: number, numeric text, or empty for none). */
const optionalEmpresaId = z
  .union([z.number().int().positive().max(MAX_ID, ID_INVALID), z.string().trim().regex(/^\d{1,10}$/, ID_INVALID).transform(Number), emptyToNull])
  .refine((v) => v === null || (v > 0 && v <= MAX_ID), ID_INVALID);

/**
 * POST /api/boletoAvulso/create and the "Novo Boleto Avulso" form. Spec §5 requires vencimento,
 * nome_razao, cep, endereco, numero, bairro, cidade, uf; cpf_cnpj is required too because the bank
 * registers the payer's document (CNAB segment Q), and valor must be above zero. The empresa is
 * optional: the shop the slip is charged for (its list filter), or none for our own charges.
 */
export const boletoAvulsoSchema = z.object({
  cpf_cnpj: cpfCnpjSchema,
  nome_razao: requiredText(150),
  cep: cepSchema,
  endereco: requiredText(150),
  numero: requiredText(20),
  complemento: optionalText(100),
  bairro: requiredText(100),
  cidade: requiredText(100),
  uf: ufSchema,
  valor: moneySchema.refine((v) => v > 0, 'Informe um valor maior que zero'),
  vencimento: vencimentoSchema,
  empresa_id: optionalEmpresaId.optional().transform((v) => v ?? null),
});
export type BoletoAvulsoInput = z.input<typeof boletoAvulsoSchema>;
export type BoletoAvulsoData = z.output<typeof boletoAvulsoSchema>;

/** A boleto avulso as the list shows it (spec §3 Stand-alone slip + empresa and the remittance file). */
export const boletoAvulsoJson = z.object({
  id,
  cpf_cnpj: z.string(),
  nome_razao: z.string(),
  cep: z.string(),
  endereco: z.string(),
  numero: z.string(),
  complemento: z.string().nullable(),
  bairro: z.string(),
  cidade: z.string(),
  uf: z.string(),
  valor: money,
  vencimento: calendarDate,
  situacao: boletoAvulsoSituacaoSchema,
  created_at: timestamp,
  empresa_id: id.nullable(),
  fantasia: z.string().nullable(),
  nosso_numero: z.number().int(),
  linha_digitavel: z.string(),
  /** remessa_{created_at}-{id}.txt */
  remessa_arquivo: z.string(),
  /** Expiring signed link that downloads the remittance file (nova_garantia/remessas_avulsas/…). */
  remessa_link: z.string(),
});
export type BoletoAvulsoJson = z.output<typeof boletoAvulsoJson>;

/** What a known CPF/CNPJ pre-fills in the form (a person of ours, or an earlier boleto avulso). */
const pagadorJson = z.object({
  cpf_cnpj: z.string(),
  nome_razao: z.string(),
  cep: z.string().nullable(),
  endereco: z.string().nullable(),
  numero: z.string().nullable(),
  complemento: z.string().nullable(),
  bairro: z.string().nullable(),
  cidade: z.string().nullable(),
  uf: z.string().nullable(),
});

const allWhenEmpty = z.literal('').transform(() => undefined);

export const boletoAvulsoContracts = {
  getAllPaginate: defineContract({
    method: 'GET', path: '/api/boletoAvulso/getAllPaginate', access: 'admin', tags,
    summary: 'Boletos avulsos (pesquisa por nome, CPF/CNPJ ou número; filtros situação e empresa)',
    query: pagingQuerySchema.extend({
      pesquisa: z.string().trim().max(100).optional(),
      situacao: boletoAvulsoSituacaoSchema.optional().or(allWhenEmpty),
      empresa_id: idParam.optional().or(allWhenEmpty),
    }),
    response: pagedOf(boletoAvulsoJson),
  }),
  getByCpfCnpj: defineContract({
    // POST: the CPF/CNPJ travels in the body, never in the URL (logs, history; docs/security.md)
    method: 'POST', path: '/api/boletoAvulso/getByCpfCnpj', access: 'admin', tags,
    summary: 'Dados de um pagador conhecido pelo CPF/CNPJ (null quando não há)',
    body: z.object({ cpf_cnpj: z.string().trim().max(20) }),
    response: okData(pagadorJson.nullable()),
  }),
  getBoleto: defineContract({
    method: 'GET', path: '/api/boletoAvulso/getBoleto/:id', access: 'admin', tags,
    summary: 'PDF do boleto avulso',
    params: idParamSchema,
    file: { contentTypes: ['application/pdf'], description: 'O boleto avulso em PDF' },
  }),
  create: defineContract({
    method: 'POST', path: '/api/boletoAvulso/create', access: 'admin', tags,
    summary: 'Novo boleto avulso (numerado, com seu arquivo remessa)',
    body: boletoAvulsoSchema,
    response: okData(z.object({ id })),
  }),
};
