import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../money/cents.js';
import { isValidCep, isValidCpfCnpj, isValidPhone, onlyDigits } from '../documents/cpf-cnpj.js';
import { isIsoDate, todayInSaoPaulo } from '../dates/calendar.js';
import { DATE_MSG, isDateInRange, nascimentoProblem, vencimentoProblem } from '../dates/date-limits.js';
import { MSG } from './messages.js';

/** Required text: trims and answers the spec's "Campo obrigatório" when empty. */
export const requiredText = (max = 255) =>
  z.string({ error: MSG.required }).trim().min(1, MSG.required).max(max, `Máximo de ${max} caracteres`);

export const optionalText = (max = 255) =>
  z.string().trim().max(max, `Máximo de ${max} caracteres`).optional().nullable().transform((v) => (v ? v : null));

/** CPF or CNPJ, masked or digits; answered as digits. */
export const cpfCnpjSchema = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .refine(isValidCpfCnpj, MSG.documentInvalid)
  .transform(onlyDigits);

export const phoneSchema = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .refine(isValidPhone, MSG.phoneInvalid)
  .transform(onlyDigits);

export const optionalPhoneSchema = z
  .string()
  .trim()
  .optional()
  .nullable()
  .refine((v) => !v || isValidPhone(v), MSG.phoneInvalid)
  .transform((v) => (v ? onlyDigits(v) : null));

export const cepSchema = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .refine(isValidCep, MSG.cepInvalid)
  .transform(onlyDigits);

/**
 * Any date field: 'YYYY-MM-DD' between 1900-01-01 and 2099-12-31 (dates/date-limits.ts): a year
 * every column, JavaScript Date and CNAB DDMMAAAA field holds.
 */
// Not `abort: true`: an explicitly aborted issue inside an object makes zod skip the object's own
// checks even with a `when` (the wizard's avalista check would vanish next to an empty date), so
// the range checks below guard themselves against a malformed date instead.
const wellFormedDate = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .refine(isIsoDate, MSG.dateInvalid);

export const isoDateSchema = wellFormedDate.refine((date) => !isIsoDate(date) || isDateInRange(date), DATE_MSG.foraDoIntervalo);

// The three below give their own message for any date out of their (narrower) range.

/**
 * A new instalment's due date (guarantee request, Acerto de Atendimento, boleto avulso): from
 * today to 10 years ahead, inside the fator de vencimento's range, so the bank file and the
 * barcode always carry the printed day. "Today" is read when a request is parsed.
 */
export const vencimentoSchema = wellFormedDate.superRefine((date, ctx) => {
  if (!isIsoDate(date)) return;
  const problem = vencimentoProblem(date, todayInSaoPaulo());
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** The same limit ahead without the "not before today" rule (a plan whose first date is checked on its own). */
export const vencimentoAteLimiteSchema = wellFormedDate.superRefine((date, ctx) => {
  if (!isIsoDate(date)) return;
  const problem = vencimentoProblem(date, todayInSaoPaulo(), { allowPast: true });
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** A birth date: from 1900-01-01 to today. */
export const dataNascimentoSchema = wellFormedDate.superRefine((date, ctx) => {
  if (!isIsoDate(date)) return;
  const problem = nascimentoProblem(date, todayInSaoPaulo());
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** Largest value a numeric(14,2) money column holds (R$ 999.999.999.999,99). */
export const MAX_MONEY = 999_999_999_999.99;

/** Largest id of an integer (int4) key column: a bigger id is bad input, never a database error. */
export const MAX_ID = 2_147_483_647;
export const ID_INVALID = 'Identificador inválido';

/** Money on the wire: a JSON number (or numeric text) with at most two decimals. */
export const moneySchema = z
  .union([z.number(), z.string().trim().regex(/^\d+(?:[.,]\d{1,2})?$/, MSG.moneyInvalid)], { error: MSG.required })
  .transform((v) => (typeof v === 'string' ? Number(v.replace(',', '.')) : v))
  // abort: a feature's own refinement on top (e.g. toCents(v) >= minimum) never sees an invalid value
  .refine((v) => Number.isFinite(v) && v >= 0 && v <= MAX_MONEY && hasAtMostTwoDecimals(v), { message: MSG.moneyInvalid, abort: true });

export const ufSchema = z
  .string({ error: MSG.required })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, MSG.required);

/**
 * The address block of every form (empresa, pessoa, the wizard's customer): required but for the
 * complemento; the CEP lookup fills endereço, bairro, cidade and uf.
 */
export const addressShape = {
  cep: cepSchema,
  endereco: requiredText(150),
  numero: requiredText(20),
  complemento: optionalText(100),
  bairro: requiredText(100),
  cidade: requiredText(100),
  uf: ufSchema,
};

export const emailSchema = z.string().trim().email(MSG.emailInvalid);

/** The largest page any list serves (DOMAIN.md "Wire format": per_page max 100). */
export const MAX_PER_PAGE = 100;

/** Canonical decimal digits: how a URL, a query string or a form field writes a whole number. */
const DECIMAL_DIGITS = /^(?:0|[1-9]\d*)$/;

/**
 * A whole number from the wire (decision 107): a JSON integer, or text of plain decimal digits (a
 * path segment, a query value, a multipart field), then checked by `number` (its own bounds and
 * messages). `z.coerce.number()` read "1e1", "+1", " 1", "0x1A", "1.0", "" and `true` as numbers;
 * all of those answer `message` here, and a missing value `required`.
 */
export function wireNumber<T extends z.ZodType<number, number>>(number: T, message: string, required: string = MSG.required) {
  return z
    .union([z.number(), z.string().regex(DECIMAL_DIGITS, message).transform(Number)], {
      error: (issue) => (issue.input === undefined ? required : message),
    })
    .pipe(number);
}

/** `wireNumber` with one message for every problem: a whole number from `min` to `max`. */
export function wholeNumberSchema(message: string, { min = 0, max = Number.MAX_SAFE_INTEGER, required = MSG.required } = {}) {
  return wireNumber(z.number({ error: message }).int(message).min(min, message).max(max, message), message, required);
}

/** Every id taken from the wire (path, query, body, form): 1..MAX_ID in plain decimal digits. */
export const idParam = wholeNumberSchema(ID_INVALID, { min: 1, max: MAX_ID });

/** Shared paging input of every list (HOUSE-STYLE habit 4). */
export const pagingQuerySchema = z.object({
  page: wholeNumberSchema('Página inválida', { min: 1 }).default(1),
  per_page: wholeNumberSchema(`Itens por página: de 1 a ${MAX_PER_PAGE}`, { min: 1, max: MAX_PER_PAGE }).default(15),
});

export const idParamSchema = z.object({ id: idParam });

export type PagedResult<T> = {
  data: T[];
  from: number | null;
  to: number | null;
  total: number;
  current_page: number;
  last_page: number;
  per_page: number;
};
