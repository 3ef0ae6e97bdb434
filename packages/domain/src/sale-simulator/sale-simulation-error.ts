/**
 * The one error the sale simulator throws; `code` for the API's error table, `message` in
 * Portuguese because it reaches the shop as is.
 */
export type SaleSimulationErrorCode =
  | 'VALOR_INVALIDO' // sale value missing, not positive, not whole centavos, or too large
  | 'PARCELAS_INVALIDAS' // instalment count outside 2..12
  | 'DATA_INVALIDA'
  | 'TAXA_INVALIDA' // taxa_prorrata not a non-negative decimal
  | 'TAXA_EXCESSIVA'; // a fee of 100% or more of an instalment: no price nets the sale

export class SaleSimulationError extends Error {
  readonly code: SaleSimulationErrorCode;

  constructor(code: SaleSimulationErrorCode, message: string) {
    super(message);
    this.name = 'SaleSimulationError';
    this.code = code;
  }
}

export const SALE_SIMULATION_MIN_INSTALLMENTS = 2;
export const SALE_SIMULATION_MAX_INSTALLMENTS = 12;
/** The form starts with 2 instalments (spec §9); the value itself stays required. */
export const SALE_SIMULATION_DEFAULT_INSTALLMENTS = 2;

export const SALE_MSG = {
  valorObrigatorio: 'É obrigatório informar o valor da venda',
  parcelasObrigatorio: 'É obrigatório informar a quantidade de parcelas',
  parcelas: 'A quantidade de parcelas deve ser de 2 a 12.',
  valorInvalido: 'Informe um valor válido!',
  dataInvalida: 'Informe uma data válida!',
  taxaInvalida: 'Taxa de antecipação inválida.',
  taxaExcessiva: 'A taxa consome o valor de uma parcela inteira; não é possível simular esta venda.',
  foraDoLimite: 'O valor da venda ultrapassa o limite de R$ 999.999.999.999,99.',
} as const;
