import { z } from 'zod';
import { isValidCpf, isValidCnpj, onlyDigits } from '../documents/cpf-cnpj.js';
import { isIsoDate, todayInSaoPaulo } from '../dates/calendar.js';
import { DATE_MSG, isDateInRange, nascimentoProblem } from '../dates/date-limits.js';
import { idParam, MAX_MONEY } from './common.js';
import { MSG } from './messages.js';

/** Field schemas shared by the cadastro forms (empresa, pessoa, usuário). */

/** Empty text, null or undefined → null (a form's blank field); anything else passes through. */
const blankToNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : v);

/** Optional e-mail: blank → null. */
export const optionalEmailSchema = z
  .string()
  .trim()
  .max(150, 'Máximo de 150 caracteres')
  .optional()
  .nullable()
  .refine((v) => !v || z.string().email().safeParse(v).success, MSG.emailInvalid)
  .transform((v) => (v ? v.toLowerCase() : null));

/** A CNPJ only (the company form accepts only the CNPJ mask), check digits included. */
export const cnpjSchema = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .refine(isValidCnpj, MSG.documentInvalid)
  .transform(onlyDigits);

export const optionalCpfSchema = z
  .string()
  .trim()
  .optional()
  .nullable()
  .refine((v) => !v || isValidCpf(v), MSG.documentInvalid)
  .transform((v) => (v ? onlyDigits(v) : null));

/** An id chosen in a select (Mantine gives text): blank → null. */
export const optionalIdSchema = z.preprocess(blankToNull, idParam.nullable());

/** A rate in percent with at most 4 decimals (taxa_prorrata 0.1 = 0,1% per day). */
export const rateSchema = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.replace(',', '.')) : v),
    z
      .number({ error: MSG.required })
      .min(0, 'Informe um valor válido!')
      .max(max, `O valor máximo é ${max}`)
      .refine((v) => Math.abs(v * 10000 - Math.round(v * 10000)) < 1e-6, 'Use no máximo 4 casas decimais'),
  );

export const optionalRateSchema = (max: number) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), rateSchema(max).nullable());

/** Money that may be left blank (limites): blank → null; otherwise a value in reais, 2 decimals. */
export const optionalMoneySchema = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .number()
    .nullable()
    .refine((v) => v === null || (v >= 0 && v <= MAX_MONEY && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6), MSG.moneyInvalid),
);

export const simNaoSchema = z.enum(['S', 'N'], { error: MSG.required });

export const optionalIsoDateSchema = z
  .string()
  .trim()
  .optional()
  .nullable()
  // no `abort: true` (schemas/common.ts says why): the next checks skip a malformed date themselves
  .refine((v) => !v || isIsoDate(v), MSG.dateInvalid)
  .refine((v) => !v || !isIsoDate(v) || isDateInRange(v), DATE_MSG.foraDoIntervalo)
  .transform((v) => (v ? v : null));

/** A birth (or a company's foundation) date that may be left blank: from 1900-01-01 to today. */
export const optionalDataNascimentoSchema = z
  .string()
  .trim()
  .optional()
  .nullable()
  .refine((v) => !v || isIsoDate(v), MSG.dateInvalid)
  .superRefine((v, ctx) => {
    const problem = v && isIsoDate(v) ? nascimentoProblem(v, todayInSaoPaulo()) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((v) => (v ? v : null));
