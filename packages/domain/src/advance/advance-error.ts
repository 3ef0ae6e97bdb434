/**
 * The one error the advance (antecipação) math throws; `code` for the API's error table, `message`
 * in Portuguese because it reaches the shop as is.
 */
export type AdvanceErrorCode =
  | 'SEM_BOLETOS' // nothing to advance
  | 'BOLETO_INVALIDO' // malformed amount, date or id, or the same boleto twice
  | 'BOLETO_VENCIDO' // due today or earlier: nothing left to advance
  | 'TAXA_INVALIDA' // a rate or the taxa básica is not a non-negative decimal
  | 'TOTAL_NEGATIVO' // the fees would swallow the whole value
  | 'FORA_DO_LIMITE'; // a figure would not fit numeric(14,2)

export class AdvanceError extends Error {
  readonly code: AdvanceErrorCode;

  constructor(code: AdvanceErrorCode, message: string) {
    super(message);
    this.name = 'AdvanceError';
    this.code = code;
  }
}

export const ADVANCE_MSG = {
  semBoletos: 'Não há boletos disponíveis para antecipação.',
  boletoInvalido: 'Boleto com valor, vencimento ou identificador inválido.',
  boletoRepetido: 'O mesmo boleto foi informado mais de uma vez.',
  boletoVencido: 'Só podem ser antecipados boletos que ainda não venceram.',
  dataInvalida: 'Informe uma data válida!',
  taxaInvalida: 'Taxa de antecipação inválida.',
  taxaBasicaInvalida: 'Taxa básica inválida.',
  totalNegativo: 'As taxas superam o valor dos boletos; não há valor a antecipar.',
  foraDoLimite: 'O valor da antecipação ultrapassa o limite de R$ 999.999.999.999,99.',
} as const;
