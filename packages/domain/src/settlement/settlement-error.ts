/**
 * The one error the settlement (acordo) math throws. `code` lets the API map it to a status in one
 * place (HOUSE-STYLE habit 3); `field` names the form field to mark, with the same names as
 * `settlementSimulationSchema`, so a 422 `errors` map can point at it; `message` is Portuguese
 * because it reaches the operator as is.
 */
export type SettlementErrorCode =
  | 'SEM_BOLETOS' // no pending boleto selected
  | 'BOLETO_INVALIDO' // a boleto's amount or due date is malformed
  | 'PARCELAS_INVALIDAS' // instalment count outside 1..10
  | 'VENCIMENTOS_INVALIDOS' // wrong count, not increasing, before today, malformed
  | 'DESCONTO_INVALIDO' // negative or above the updated value
  | 'ENTRADA_INVALIDA' // first instalment missing, ≤ 0 or above what is left to pay
  | 'FORA_DO_LIMITE'; // a figure would not fit numeric(14,2)

export type SettlementField = 'boletoIds' | 'qtdParcelas' | 'vencimentos' | 'valorEntrada' | 'desconto';

export class SettlementError extends Error {
  readonly code: SettlementErrorCode;
  readonly field?: SettlementField;

  constructor(code: SettlementErrorCode, message: string, field?: SettlementField) {
    super(message);
    this.name = 'SettlementError';
    this.code = code;
    if (field !== undefined) this.field = field;
  }
}

/** Texts shared by the math and the zod schema, so the form and the API say the same thing. */
export const SETTLEMENT_MSG = {
  semBoletos: 'Selecione ao menos um boleto pendente para o acordo.',
  boletoInvalido: 'Boleto com valor ou vencimento inválido.',
  pagamentosAnterioresInvalidos: 'Pagamentos anteriores maiores que o valor dos boletos.',
  boletoRepetido: 'O mesmo boleto foi informado mais de uma vez.',
  parcelas: 'O acordo deve ter de 1 a 10 parcelas.',
  vencimentoPorParcela: 'Informe um vencimento para cada parcela.',
  vencimentosCrescentes: 'Cada vencimento deve ser posterior ao da parcela anterior.',
  vencimentoPassado: 'O primeiro vencimento não pode ser anterior a hoje.',
  dataInvalida: 'Informe uma data válida!',
  descontoNegativo: 'O desconto não pode ser negativo.',
  descontoMaior: 'O desconto não pode ser maior que o valor atualizado.',
  entradaObrigatoria: 'Informe o valor da primeira parcela.',
  entradaPositiva: 'O valor da primeira parcela deve ser maior que zero.',
  entradaMaior: 'O valor da primeira parcela não pode ser maior que o valor atualizado menos o desconto.',
  foraDoLimite: 'O valor do acordo ultrapassa o limite de R$ 999.999.999.999,99.',
} as const;
