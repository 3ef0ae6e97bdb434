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
  /** The server's disk is (nearly) full: nothing was written (decision 107). */
  INSUFFICIENT_STORAGE: 507,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors?: Record<string, string>;
  readonly extra?: Record<string, unknown>;
  /** Sent as the Retry-After header (a 429 that says when to try again). */
  readonly retryAfterSeconds?: number;

  constructor(
    code: ErrorCode,
    msg: string,
    opts: { errors?: Record<string, string>; extra?: Record<string, unknown>; retryAfterSeconds?: number } = {},
  ) {
    super(msg);
    this.code = code;
    this.errors = opts.errors;
    this.extra = opts.extra;
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }

  get httpStatus(): number {
    return ERROR_STATUS[this.code];
  }
}

/**
 * The grammatical gender of every entity a 404 can name, so the message agrees with it
 * ("Empresa não encontrada.", "Boleto não encontrado."). A new entity is added here (and to
 * app-error.test.ts); notFound accepts no other name.
 */
export const NOT_FOUND_GENDER = {
  Acordo: 'm',
  Agendamento: 'm',
  Antecipação: 'f',
  Arquivo: 'm',
  Boleto: 'm',
  CEP: 'm',
  Comprovante: 'm',
  'Conta de cobrança': 'f',
  'CPF suspeito': 'm',
  Documento: 'm',
  Duplicata: 'f',
  Empresa: 'f',
  Garantia: 'f',
  Mensagem: 'f',
  Parcela: 'f',
  Pessoa: 'f',
  Registro: 'm',
  Remessa: 'f',
  Retorno: 'm',
  Tarefa: 'f',
  Telefone: 'm',
  Usuário: 'm',
} as const satisfies Record<string, 'f' | 'm'>;

export type NotFoundEntity = keyof typeof NOT_FOUND_GENDER;

export const notFound = (what: NotFoundEntity = 'Registro') =>
  new AppError('NOT_FOUND', `${what} não ${NOT_FOUND_GENDER[what] === 'f' ? 'encontrada' : 'encontrado'}.`);
export const forbidden = (msg = 'Você não tem permissão para esta ação.') => new AppError('FORBIDDEN', msg);
export const wrongState = (msg: string) => new AppError('WRONG_STATE', msg);
export const invalid = (errors: Record<string, string>, msg = 'Verifique os campos informados.') =>
  new AppError('VALIDATION', msg, { errors });
