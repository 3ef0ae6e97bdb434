import { roundHalfUp, toCents, type Cents } from '../money/cents.js';
import { daysBetween, isIsoDate, type IsoDate } from '../dates/calendar.js';
import { MAX_MONEY } from '../schemas/common.js';
import { ADVANCE_MSG, AdvanceError } from './advance-error.js';
import { parsePercentRate, type PercentRate } from './percent-rate.js';

export type AdvanceBoletoInput = { id: number; amountCents: Cents; dueDate: IsoDate };

export type AdvanceSimulationInput = {
  boletos: readonly AdvanceBoletoInput[];
  today: IsoDate;
  /** The empresa's taxa_prorrata, percent per day (0.1 = 0.1% a day, the empresa default). */
  taxaProrrata: number | string;
  /** The empresa's taxa_antecipacao, percent of the total of the boletos (2.5 = 2.5%). */
  taxaAntecipacao: number | string;
  /** The system's taxa básica (default R$ 0,00), charged once per advance. */
  taxaBasicaCents: Cents;
};

export type AdvanceBoletoFigures = AdvanceBoletoInput & { days: number; prorataCents: Cents };

export type AdvanceTotals = {
  qtdBoletos: number;
  totalBoletosCents: Cents;
  totalProrataCents: Cents;
  totalTaxaAntecipacaoCents: Cents;
  taxaBasicaCents: Cents;
  totalAntecipacaoCents: Cents;
  dataSimulacao: IsoDate;
};

export type AdvanceSimulation = { boletos: AdvanceBoletoFigures[]; totals: AdvanceTotals };

const MAX_MONEY_CENTS = toCents(MAX_MONEY);

/**
 * Only boletos due after today can be advanced: on its due date a boleto is paid at the bank and
 * advancing it would cost the taxa for no days of money. The API filters with this predicate too.
 */
export function isAdvanceableDueDate(dueDate: IsoDate, today: IsoDate): boolean {
  return daysBetween(today, dueDate) > 0;
}

/**
 * "Simulação da Antecipação" (DOMAIN.md "Advance"). Per boleto: qtd_dias = calendar days from
 * today to vencimento; prorata = v · taxa_prorrata% · qtd_dias, rounded half up once per boleto
 * because each row is shown on screen. total_prorata is the sum of those rounded rows, so the
 * Subtotal row adds up to what the shop reads. total_taxa_antecipacao = total_boletos ·
 * taxa_antecipacao%, rounded once. total_antecipacao = total_boletos − total_prorata −
 * total_taxa_antecipacao − taxa_basica, exact (only integers left).
 */
export function simulateAdvance(input: AdvanceSimulationInput): AdvanceSimulation {
  const { today } = input;
  if (!isIsoDate(today)) throw new AdvanceError('BOLETO_INVALIDO', ADVANCE_MSG.dataInvalida);
  if (input.boletos.length === 0) throw new AdvanceError('SEM_BOLETOS', ADVANCE_MSG.semBoletos);
  const prorrata = rateOrThrow(input.taxaProrrata);
  const antecipacao = rateOrThrow(input.taxaAntecipacao);
  const taxaBasicaCents = input.taxaBasicaCents;
  if (!Number.isSafeInteger(taxaBasicaCents) || taxaBasicaCents < 0) throw new AdvanceError('TAXA_INVALIDA', ADVANCE_MSG.taxaBasicaInvalida);
  assertDistinctIds(input.boletos);

  const boletos = input.boletos.map((boleto) => boletoFigures(boleto, today, prorrata));
  const totalBoletos = boletos.reduce((sum, b) => sum + BigInt(b.amountCents), 0n);
  const totalProrata = boletos.reduce((sum, b) => sum + BigInt(b.prorataCents), 0n);
  const totalTaxa = BigInt(roundHalfUp(totalBoletos * antecipacao.numerator, antecipacao.denominator));
  const totalAntecipacao = totalBoletos - totalProrata - totalTaxa - BigInt(taxaBasicaCents);
  if (totalBoletos > BigInt(MAX_MONEY_CENTS)) throw new AdvanceError('FORA_DO_LIMITE', ADVANCE_MSG.foraDoLimite);
  if (totalAntecipacao < 0n) throw new AdvanceError('TOTAL_NEGATIVO', ADVANCE_MSG.totalNegativo);

  return {
    boletos,
    totals: {
      qtdBoletos: boletos.length,
      totalBoletosCents: Number(totalBoletos),
      totalProrataCents: Number(totalProrata),
      totalTaxaAntecipacaoCents: Number(totalTaxa),
      taxaBasicaCents,
      totalAntecipacaoCents: Number(totalAntecipacao),
      dataSimulacao: today,
    },
  };
}

function boletoFigures(boleto: AdvanceBoletoInput, today: IsoDate, prorrata: PercentRate): AdvanceBoletoFigures {
  const { id, amountCents, dueDate } = boleto;
  const validAmount = Number.isSafeInteger(amountCents) && amountCents > 0 && amountCents <= MAX_MONEY_CENTS;
  if (!validAmount || !isIsoDate(dueDate)) throw new AdvanceError('BOLETO_INVALIDO', ADVANCE_MSG.boletoInvalido);
  if (!isAdvanceableDueDate(dueDate, today)) throw new AdvanceError('BOLETO_VENCIDO', ADVANCE_MSG.boletoVencido);
  const days = daysBetween(today, dueDate);
  const prorataCents = roundHalfUp(BigInt(amountCents) * prorrata.numerator * BigInt(days), prorrata.denominator);
  return { id, amountCents, dueDate, days, prorataCents };
}

function rateOrThrow(value: number | string): PercentRate {
  const rate = parsePercentRate(value);
  if (!rate) throw new AdvanceError('TAXA_INVALIDA', ADVANCE_MSG.taxaInvalida);
  return rate;
}

function assertDistinctIds(boletos: readonly AdvanceBoletoInput[]): void {
  const ids = new Set<number>();
  for (const { id } of boletos) {
    if (!Number.isSafeInteger(id) || id <= 0) throw new AdvanceError('BOLETO_INVALIDO', ADVANCE_MSG.boletoInvalido);
    if (ids.has(id)) throw new AdvanceError('BOLETO_INVALIDO', ADVANCE_MSG.boletoRepetido);
    ids.add(id);
  }
}
