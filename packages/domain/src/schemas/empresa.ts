import { z } from 'zod';
import { MSG } from './messages.js';
import { addressShape, optionalPhoneSchema, optionalText, requiredText, wireNumber } from './common.js';
import { cnpjSchema, optionalEmailSchema, optionalIdSchema, optionalMoneySchema, optionalRateSchema, rateSchema, simNaoSchema } from './cadastro-fields.js';

/** Spec §9 defaults of a new empresa. */
export const EMPRESA_DEFAULTS = {
  comissao_franqueado: 10,
  valor_consulta: 3.5,
  mensalidade: 150,
  taxa_prorrata: 0.1,
  antecipa: 'N',
  taxa_antecipacao: null,
  qtd_max_parcelas: 12,
  simula_venda: 'N',
  limite_cpf_cnpj: null,
  limite_boleto: null,
} as const;

/**
 * Commercial terms (DOMAIN.md Tenancy): set by administradores only. Anyone else who sends one
 * of these fields is refused, so a crafted request cannot raise its own limits.
 */
export const EMPRESA_COMMERCIAL_FIELDS = [
  'franqueado_id',
  'comissao_franqueado',
  'limite_cpf_cnpj',
  'limite_boleto',
  'valor_consulta',
  'mensalidade',
  'taxa_prorrata',
  'antecipa',
  'taxa_antecipacao',
  'qtd_max_parcelas',
  'simula_venda',
  'situacao',
] as const;

/**
 * The legal identity of an empresa: set when it is created, changed afterwards by administradores
 * only (DOMAIN.md Tenancy). Anyone else may send them on update only as they are (the form shows
 * them read-only); a different value is refused (issue 23, decision 107).
 */
export const EMPRESA_IDENTITY_FIELDS = ['cnpj', 'razao'] as const;

/** Identification, address and contact: the fields of the company form besides its commercial terms. */
export const empresaContactShape = {
  cnpj: cnpjSchema,
  razao: requiredText(150),
  fantasia: requiredText(150),
  insc_estadual: optionalText(30),
  ...addressShape,
  email: optionalEmailSchema,
  tel1: optionalPhoneSchema,
  tel2: optionalPhoneSchema,
  tel3: optionalPhoneSchema,
  responsavel: optionalText(150),
};

/** The commercial terms; optional on the wire (absent = keep / default). */
export const empresaTermsShape = {
  franqueado_id: optionalIdSchema.optional(),
  comissao_franqueado: rateSchema(100).optional(),
  limite_cpf_cnpj: optionalMoneySchema.optional(),
  limite_boleto: optionalMoneySchema.optional(),
  valor_consulta: rateSchema(1_000_000).optional(),
  mensalidade: rateSchema(1_000_000).optional(),
  taxa_prorrata: rateSchema(100).optional(),
  antecipa: simNaoSchema.optional(),
  taxa_antecipacao: optionalRateSchema(100).optional(),
  qtd_max_parcelas: wireNumber(z.number({ error: MSG.required }).int(MSG.required).min(2, 'Mínimo de 2 parcelas').max(48, 'Máximo de 48 parcelas'), MSG.required).optional(),
  simula_venda: simNaoSchema.optional(),
};

/** POST /api/empresa/create and /update/{id}; the company form validates with it too. */
export const empresaSchema = z.object({ ...empresaContactShape, ...empresaTermsShape }).superRefine((v, ctx) => {
  if (v.antecipa === 'S' && (v.taxa_antecipacao === null || v.taxa_antecipacao === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['taxa_antecipacao'], message: MSG.required });
  }
});
export type EmpresaInput = z.infer<typeof empresaSchema>;
