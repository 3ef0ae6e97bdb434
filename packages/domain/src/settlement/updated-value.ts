import { roundHalfUp, type Cents } from '../money/cents.js';
import { isIsoDate, type IsoDate } from '../dates/calendar.js';
import { diasDeAtraso } from '../boleto/valor-atualizado.js';
import {
  BASIS_POINTS,
  MAX_MONEY_CENTS,
  SETTLEMENT_JUROS_DIA_BASIS_POINTS,
  SETTLEMENT_MULTA_BASIS_POINTS,
  SETTLEMENT_TAXA_CENTS,
} from './settlement-constants.js';
import { SETTLEMENT_MSG, SettlementError } from './settlement-error.js';

/** One of the debtor's pending boletos: its face value and due date. */
export type SettlementBoleto = { amountCents: Cents; dueDate: IsoDate };

/**
 * The "Novo Acordo" figures before any plan. valor_sem_juros (spec §3) is `baseCents`;
 * valor_atualizado is `updatedCents`.
 */
export type SettlementUpdatedValue = {
  baseCents: Cents;
  fineCents: Cents;
  interestCents: Cents;
  feeCents: Cents;
  /**
   * What earlier acordos of these boletos, cancelled since, already paid of their principal
   * ("Pagamentos anteriores", decision 109): deducted from valor_atualizado.
   */
  previousPaymentsCents: Cents;
  updatedCents: Cents;
};

/**
 * base = Σ vᵢ; multa = 2% of base; juros = Σ vᵢ · 0.33% · dᵢ; taxa = R$ 14,90 (DOMAIN.md);
 * valor_atualizado = base + multa + juros + taxa − pagamentos anteriores (what cancelled acordos of
 * these boletos already paid of their principal; decision 109).
 * Each of multa and juros is one documented step, so each is rounded half up exactly once: juros
 * is the exact fraction Σ vᵢ·33·dᵢ / 10 000 rounded once, never a sum of per-boleto roundings
 * (those would drift by up to half a centavo per boleto). BigInt because vᵢ·33·dᵢ passes 2^53 for
 * large values.
 */
export function settlementUpdatedValue(boletos: readonly SettlementBoleto[], today: IsoDate, previousPaymentsCents: Cents = 0): SettlementUpdatedValue {
  if (boletos.length === 0) throw new SettlementError('SEM_BOLETOS', SETTLEMENT_MSG.semBoletos, 'boletoIds');
  if (!isIsoDate(today)) throw new SettlementError('VENCIMENTOS_INVALIDOS', SETTLEMENT_MSG.dataInvalida, 'vencimentos');

  let base = 0n;
  let jurosNumerator = 0n;
  for (const boleto of boletos) {
    assertBoleto(boleto);
    const amount = BigInt(boleto.amountCents);
    base += amount;
    jurosNumerator += amount * SETTLEMENT_JUROS_DIA_BASIS_POINTS * BigInt(diasDeAtraso(boleto.dueDate, today));
  }

  const baseCents = withinLimit(base);
  const fineCents = withinLimit(roundHalfUp(base * SETTLEMENT_MULTA_BASIS_POINTS, BASIS_POINTS));
  const interestCents = withinLimit(roundHalfUp(jurosNumerator, BASIS_POINTS));
  const feeCents = SETTLEMENT_TAXA_CENTS;
  if (!Number.isSafeInteger(previousPaymentsCents) || previousPaymentsCents < 0 || previousPaymentsCents > baseCents) {
    throw new SettlementError('BOLETO_INVALIDO', SETTLEMENT_MSG.pagamentosAnterioresInvalidos, 'boletoIds');
  }
  const updatedCents = withinLimit(baseCents + fineCents + interestCents + feeCents - previousPaymentsCents);
  return { baseCents, fineCents, interestCents, feeCents, previousPaymentsCents, updatedCents };
}

function assertBoleto(boleto: SettlementBoleto): void {
  const { amountCents, dueDate } = boleto;
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > MAX_MONEY_CENTS || !isIsoDate(dueDate)) {
    throw new SettlementError('BOLETO_INVALIDO', SETTLEMENT_MSG.boletoInvalido, 'boletoIds');
  }
}

/** Refuses a figure numeric(14,2) cannot hold; below that bound every value is an exact double. */
export function withinLimit(value: bigint | number): Cents {
  if (value > MAX_MONEY_CENTS) throw new SettlementError('FORA_DO_LIMITE', SETTLEMENT_MSG.foraDoLimite);
  return Number(value);
}
