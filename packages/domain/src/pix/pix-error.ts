/** Error of the Pix payload builder; `code` for the API's error table, message in Portuguese. */
export type PixErrorCode = 'ENTRADA_INVALIDA' | 'VALOR_INVALIDO';

export class PixError extends Error {
  readonly code: PixErrorCode;
  readonly field?: string;

  constructor(code: PixErrorCode, message: string, field?: string) {
    super(message);
    this.name = 'PixError';
    this.code = code;
    if (field !== undefined) this.field = field;
  }
}
