/**
 * The one error type of the API (HOUSE-STYLE habit 3). Use-cases throw it with a code; the error
 * handler turns the code into the HTTP status of this table and the body `{ status, msg, errors? }`.
 */
export const ERROR_STATUS = {
  VALIDATION: 422,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  WRONG_STATE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors?: Record<string, string>;
  readonly extra?: Record<string, unknown>;

  constructor(code: ErrorCode, msg: string, opts: { errors?: Record<string, string>; extra?: Record<string, unknown> } = {}) {
    super(msg);
    this.code = code;
    this.errors = opts.errors;
    this.extra = opts.extra;
  }

  get httpStatus(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what = 'Registro') => new AppError('NOT_FOUND', `${what} não encontrado.`);
export const forbidden = (msg = 'Você não tem permissão para esta ação.') => new AppError('FORBIDDEN', msg);
export const wrongState = (msg: string) => new AppError('WRONG_STATE', msg);
export const invalid = (errors: Record<string, string>, msg = 'Verifique os campos informados.') =>
  new AppError('VALIDATION', msg, { errors });
