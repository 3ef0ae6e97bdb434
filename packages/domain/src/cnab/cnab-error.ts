/**
 * The one error the CNAB engine throws. Like BoletoError, `code` lets the API map it to an HTTP
 * status in one place and `message` is Portuguese because it reaches the operator as is.
 */
export type CnabErrorCode =
  | 'ENTRADA_INVALIDA' // a value given to a writer does not fit its field (size, digits, date)
  | 'LINHA_INVALIDA' // a line of a file cannot be read (strict mode only; otherwise a warning)
  | 'LAYOUT_INVALIDO' // a field table does not cover its record exactly (a programming error)
  | 'BANCO_NAO_SUPORTADO'; // writing needs a bank profile we do not have

export class CnabError extends Error {
  readonly code: CnabErrorCode;
  // `declare`: absent details stay absent instead of becoming own properties set to undefined.
  /** The field to blame (e.g. 'entries[3].dueDate'), when one is. */
  declare readonly field?: string;
  /** 1-based line of the file being read, for LINHA_INVALIDA. */
  declare readonly line?: number;

  constructor(code: CnabErrorCode, message: string, details: { field?: string; line?: number } = {}) {
    super(message);
    this.name = 'CnabError';
    this.code = code;
    if (details.field !== undefined) this.field = details.field;
    if (details.line !== undefined) this.line = details.line;
  }
}
