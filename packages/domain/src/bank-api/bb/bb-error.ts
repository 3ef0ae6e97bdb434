/**
 * A body from (or for) Banco do Brasil that does not follow the documented contract. `code` lets the
 * API map it (a malformed webhook is a 400, a malformed bank answer is a bank failure); the message
 * is Portuguese because it reaches the operator and the request log.
 */
export type BbFormatErrorCode = 'ENTRADA_INVALIDA' | 'RESPOSTA_INVALIDA' | 'WEBHOOK_INVALIDO';

export class BbFormatError extends Error {
  readonly code: BbFormatErrorCode;
  readonly field?: string;

  constructor(code: BbFormatErrorCode, message: string, field?: string) {
    super(message);
    this.name = 'BbFormatError';
    this.code = code;
    if (field !== undefined) this.field = field;
  }
}
