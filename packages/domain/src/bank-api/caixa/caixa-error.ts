/**
 * A body for (or from) Caixa's boleto API that does not follow the contract in docs/banks.md
 * ("## Caixa"). `code` lets the API map it: bad input of ours is a programming or data error, a
 * malformed answer is a bank failure. Messages are Portuguese: they reach the operator and the log.
 */
export type CaixaFormatErrorCode = 'ENTRADA_INVALIDA' | 'RESPOSTA_INVALIDA';

export class CaixaFormatError extends Error {
  readonly code: CaixaFormatErrorCode;
  readonly field?: string;

  constructor(code: CaixaFormatErrorCode, message: string, field?: string) {
    super(message);
    this.name = 'CaixaFormatError';
    this.code = code;
    if (field !== undefined) this.field = field;
  }
}
