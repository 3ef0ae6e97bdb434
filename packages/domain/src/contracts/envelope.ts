import { z } from 'zod';

/**
 * Building blocks of response schemas (DOMAIN.md "Wire format of the API"): every JSON answer is
 * `{ status, msg, ... }`; one record sits under `data`; paged lists add the paging fields.
 */
export const envelopeShape = { status: z.number().int(), msg: z.string() };

/** `{ status, msg, ...shape }`. */
export function ok<S extends z.ZodRawShape>(shape: S) {
  return z.object({ ...envelopeShape, ...shape });
}

/**
 * A person's address as records answer it: any part may be empty (people recorded before the
 * forms required it).
 */
export const personAddressShape = {
  cep: z.string().nullable(),
  endereco: z.string().nullable(),
  numero: z.string().nullable(),
  complemento: z.string().nullable(),
  bairro: z.string().nullable(),
  cidade: z.string().nullable(),
  uf: z.string().nullable(),
};

/** `{ status, msg }` only: actions whose answer is the message. */
export const okOnly = ok({});

/** `{ status, msg, data }`. */
export function okData<T extends z.ZodType>(data: T) {
  return ok({ data });
}

/** Creating something answers its id in `data.id`. */
export const createdId = okData(z.object({ id: z.number().int() }));

/** The shared paged answer `{ data, from, to, total, current_page, last_page, per_page }`. */
export function pagedOf<T extends z.ZodType>(item: T) {
  return ok({
    data: z.array(item),
    from: z.number().int().nullable(),
    to: z.number().int().nullable(),
    total: z.number().int(),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
  });
}

/** A date-time: handlers return the database's Date; JSON carries it as ISO 8601 (UTC, `Z`). */
export const timestamp = z.date();
/** A calendar date on the wire: `YYYY-MM-DD`. */
export const calendarDate = z.string().meta({ format: 'date' });
/** Money on the wire: a number with at most two decimals (the client formats `R$ 1.234,50`). */
export const money = z.number().meta({ description: 'reais, até duas casas decimais' });
/** A percentage or rate as entered (`0.1` = 0,1%). */
export const rate = z.number();
export const sn = z.enum(['S', 'N']);
export const id = z.number().int();

/** Select options `{ value, label }` of the spec's `dataForSelect` calls. */
export const selectOption = z.object({ value: z.number().int(), label: z.string() });
