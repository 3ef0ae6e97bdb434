/**
 * The one error the boleto engine throws. `code` lets the API map it to an HTTP status in one
 * place (HOUSE-STYLE habit 3); `message` is Portuguese because it reaches the operator as is.
 */
export type BoletoErrorCode =
  | 'ENTRADA_INVALIDA' // malformed input: length, non-digits, wrong type
  | 'DV_INVALIDO' // a check digit does not match (typo in a linha digitável)
  | 'VALOR_INVALIDO' // amount not an integer number of centavos or out of range
  | 'DATA_INVALIDA' // not a calendar date, or outside what the fator can represent
  | 'BANCO_NAO_SUPORTADO'; // no profile registered for that bank code

export class BoletoError extends Error {
  readonly code: BoletoErrorCode;
  /** Which input was wrong, when one is to blame (e.g. 'ourNumber'), so a form can mark it. */
  readonly field?: string;

  constructor(code: BoletoErrorCode, message: string, field?: string) {
    super(message);
    this.name = 'BoletoError';
    this.code = code;
    if (field !== undefined) this.field = field;
  }
}
