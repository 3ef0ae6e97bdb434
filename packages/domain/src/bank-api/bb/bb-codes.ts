/**
 * BB's code tables used by the Cobranças v2 bodies (sources in docs/banks.md). Each table keeps BB's
 * number and gives our reading of it, so the rest of the code never compares raw numbers.
 */

/** Our reading of codigoEstadoTituloCobranca (1 NORMAL … 80 EM PROCESSAMENTO). */
export type BbEstadoTitulo =
  | 'REGISTRADO'
  | 'LIQUIDADO'
  | 'BAIXADO'
  | 'EM_CARTORIO'
  | 'PROTESTADO'
  | 'EM_PROCESSAMENTO'
  | 'PAGO_PARCIALMENTE'
  | 'DESCONHECIDO';

/** codigoEstadoTituloCobranca → BB's own text (the listing's estadoTituloCobranca). */
export const BB_ESTADO_TITULO_TEXTO: Readonly<Record<number, string>> = {
  1: 'NORMAL',
  2: 'MOVIMENTO CARTORIO',
  3: 'EM CARTORIO',
  4: 'TITULO COM OCORRENCIA DE CARTORIO',
  5: 'PROTESTADO ELETRONICO',
  6: 'LIQUIDADO',
  7: 'BAIXADO',
  8: 'TITULO COM PENDENCIA DE CARTORIO',
  9: 'TITULO PROTESTADO MANUAL',
  10: 'TITULO BAIXADO/PAGO EM CARTORIO',
  11: 'TITULO LIQUIDADO/PROTESTADO',
  12: 'TITULO LIQUID/PGCRTO',
  13: 'TITULO PROTESTADO AGUARDANDO BAIXA',
  14: 'TITULO EM LIQUIDACAO',
  15: 'TITULO AGENDADO',
  16: 'TITULO CREDITADO',
  17: 'PAGO EM CHEQUE - AGUARD.LIQUIDACAO',
  18: 'PAGO PARCIALMENTE',
  19: 'PAGO PARCIALMENTE CREDITADO',
  21: 'TITULO AGENDADO COMPE',
  80: 'EM PROCESSAMENTO (ESTADO TRANSITORIO)',
};

const ESTADO_READING: Readonly<Record<number, BbEstadoTitulo>> = {
  1: 'REGISTRADO',
  2: 'EM_CARTORIO', 3: 'EM_CARTORIO', 4: 'EM_CARTORIO', 8: 'EM_CARTORIO',
  5: 'PROTESTADO', 9: 'PROTESTADO', 13: 'PROTESTADO',
  // Paid, whether at a branch, in a notary's office or already credited: the money is the bank's fact.
  6: 'LIQUIDADO', 10: 'LIQUIDADO', 11: 'LIQUIDADO', 12: 'LIQUIDADO', 16: 'LIQUIDADO',
  7: 'BAIXADO',
  // Scheduled or cheque not yet cleared: a payment that may still fail, never a settlement.
  14: 'EM_PROCESSAMENTO', 15: 'EM_PROCESSAMENTO', 17: 'EM_PROCESSAMENTO', 21: 'EM_PROCESSAMENTO', 80: 'EM_PROCESSAMENTO',
  18: 'PAGO_PARCIALMENTE', 19: 'PAGO_PARCIALMENTE',
};

export function bbEstadoTitulo(codigo: number): BbEstadoTitulo {
  return ESTADO_READING[codigo] ?? 'DESCONHECIDO';
}

/** codigoEstadoBaixaOperacional of the webhook: 1 BB, 2 other banks, 10 cancellation. */
export const BB_BAIXA_OPERACIONAL = { PAGO_NO_BB: 1, PAGO_EM_OUTRO_BANCO: 2, CANCELAMENTO: 10 } as const;
export type BbEventoBaixaOperacional = 'PAGAMENTO' | 'CANCELAMENTO';

/** The payment channel, our reading (stored on each settlement, shown in reports). */
export type BbCanal =
  | 'AGENCIA'
  | 'AUTOATENDIMENTO'
  | 'INTERNET'
  | 'PIX'
  | 'CORRESPONDENTE'
  | 'CENTRAL_ATENDIMENTO'
  | 'ARQUIVO_ELETRONICO'
  | 'DDA'
  | 'CORRESPONDENTE_DIGITAL';

/** canalLiquidacao of the baixa operacional (webhook and /boletos-baixa-operacional): 1 … 9. */
export const BB_CANAL_LIQUIDACAO: Readonly<Record<BbCanal, number>> = {
  AGENCIA: 1,
  AUTOATENDIMENTO: 2,
  INTERNET: 3,
  PIX: 4,
  CORRESPONDENTE: 5,
  CENTRAL_ATENDIMENTO: 6,
  ARQUIVO_ELETRONICO: 7,
  DDA: 8,
  CORRESPONDENTE_DIGITAL: 9,
};

/**
 * The last two digits of the detail's codigoCanalPagamento (its first digit is the form of payment:
 * 1 espécie, 2 débito em conta, 3 cartão de crédito, 4 cheque). The detail has no "correspondente
 * digital"; Pix is 61 there.
 */
export const BB_CANAL_PAGAMENTO_DETALHE: Readonly<Partial<Record<BbCanal, number>>> = {
  AGENCIA: 1,
  AUTOATENDIMENTO: 2,
  INTERNET: 3,
  CORRESPONDENTE: 5,
  CENTRAL_ATENDIMENTO: 6,
  ARQUIVO_ELETRONICO: 7,
  DDA: 8,
  PIX: 61,
};

function invert(table: Readonly<Partial<Record<BbCanal, number>>>): ReadonlyMap<number, BbCanal> {
  return new Map(Object.entries(table).map(([canal, code]) => [code as number, canal as BbCanal]));
}
const CANAL_BY_LIQUIDACAO = invert(BB_CANAL_LIQUIDACAO);
const CANAL_BY_DETALHE = invert(BB_CANAL_PAGAMENTO_DETALHE);

export function bbCanalDaLiquidacao(codigo: number | null): BbCanal | null {
  return codigo === null ? null : (CANAL_BY_LIQUIDACAO.get(codigo) ?? null);
}

export function bbCanalDoDetalhe(codigoCanalPagamento: number | null): BbCanal | null {
  return codigoCanalPagamento === null ? null : (CANAL_BY_DETALHE.get(codigoCanalPagamento % 100) ?? null);
}

/** codigoTipoTitulo accepted by the registration (1 … 25, 31 … 33, 99). */
export const BB_TIPOS_TITULO: readonly number[] = [
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 31, 32, 33, 99,
];
export const BB_TIPO_TITULO_DUPLICATA_MERCANTIL = 2;

/** 1 CPF, 2 CNPJ (pagador.tipoInscricao). */
export const BB_TIPO_INSCRICAO = { CPF: 1, CNPJ: 2 } as const;

/**
 * Error codes of BB's own answers we act on. 4874915 "Nosso Número já incluído anteriormente." is
 * the answer to a numeroTituloCliente registered before: the registration is reconciled, never sent
 * as a second boleto.
 */
export const BB_ERRO_NOSSO_NUMERO_JA_INCLUIDO = '4874915';
