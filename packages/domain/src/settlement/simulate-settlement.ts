import { roundHalfUp, splitEvenly, type Cents } from '../money/cents.js';
import { daysBetween, type IsoDate } from '../dates/calendar.js';
import { BASIS_POINTS, SETTLEMENT_JUROS_DIA_BASIS_POINTS } from './settlement-constants.js';
import { SETTLEMENT_MSG, SettlementError } from './settlement-error.js';
import { assertInstallmentCount, assertPlanDueDates, defaultSettlementDueDates } from './due-dates.js';
import { settlementUpdatedValue, withinLimit, type SettlementBoleto, type SettlementUpdatedValue } from './updated-value.js';

export type SettlementSimulationInput = {
  boletos: readonly SettlementBoleto[];
  today: IsoDate;
  /** n, 1 to 10. */
  installments: number;
  /** E, the entrada the operator typed. Required when n > 1; ignored when n = 1 (see below). */
  firstAmountCents?: Cents | null;
  /** D₁..Dₙ; when absent, `defaultSettlementDueDates(today, n)`. */
  dueDates?: readonly IsoDate[] | null;
  /** X, 0 when absent: the operator edits it after the first simulation. */
  discountCents?: Cents | null;
  /** What cancelled acordos of these boletos already paid of their principal (0 when absent). */
  previousPaymentsCents?: Cents | null;
};

export type SettlementInstallment = { number: number; dueDate: IsoDate; amountCents: Cents };

export type SettlementSimulation = SettlementUpdatedValue & {
  installments: SettlementInstallment[];
  /** E + Σ instalments k ≥ 2, equal to the sum of `installments` to the centavo. */
  totalCents: Cents;
};

/**
 * The acordo plan of DOMAIN.md "Collections":
 * - n = 1: the only instalment is valor_atualizado − X, due D₁ (a typed E is ignored: with one
 *   instalment the entrada *is* the whole balance, and X is edited after E was typed);
 * - n > 1: R = valor_atualizado − X − E is split into n − 1 equal shares, the last share absorbing
 *   the remainder so the shares add up to R exactly; instalment k ≥ 2 = shareₖ · (1 + 0.33% ·
 *   (Dₖ − D₁) days), one exact fraction rounded half up once per instalment.
 * Throws `SettlementError` (Portuguese message, form field) for input the plan cannot accept.
 */
export function simulateSettlement(input: SettlementSimulationInput): SettlementSimulation {
  const { boletos, today, installments: n } = input;
  assertInstallmentCount(n);
  const updated = settlementUpdatedValue(boletos, today, input.previousPaymentsCents ?? 0);
  const dueDates = input.dueDates ?? defaultSettlementDueDates(today, n);
  assertPlanDueDates(dueDates, n, today);
  const discount = checkedDiscount(input.discountCents ?? 0, updated.updatedCents);
  const payable = updated.updatedCents - discount;

  if (n === 1) {
    const only = { number: 1, dueDate: dueDates[0], amountCents: payable };
    return { ...updated, installments: [only], totalCents: payable };
  }

  const entrada = checkedEntrada(input.firstAmountCents, payable);
  const shares = splitEvenly(payable - entrada, n - 1);
  const later = shares.map((share, i) => {
    const k = i + 2;
    const days = BigInt(daysBetween(dueDates[0], dueDates[k - 1]));
    const factor = BASIS_POINTS + SETTLEMENT_JUROS_DIA_BASIS_POINTS * days;
    const amountCents = withinLimit(roundHalfUp(BigInt(share) * factor, BASIS_POINTS));
    return { number: k, dueDate: dueDates[k - 1], amountCents };
  });
  const installments = [{ number: 1, dueDate: dueDates[0], amountCents: entrada }, ...later];
  const totalCents = withinLimit(installments.reduce((sum, p) => sum + BigInt(p.amountCents), 0n));
  return { ...updated, installments, totalCents };
}

function checkedDiscount(discount: Cents, updatedCents: Cents): Cents {
  if (!Number.isSafeInteger(discount) || discount < 0) {
    throw new SettlementError('DESCONTO_INVALIDO', SETTLEMENT_MSG.descontoNegativo, 'desconto');
  }
  if (discount > updatedCents) throw new SettlementError('DESCONTO_INVALIDO', SETTLEMENT_MSG.descontoMaior, 'desconto');
  return discount;
}

/** 0 < E ≤ valor_atualizado − X; E equal to it leaves later instalments of R$ 0,00 (allowed). */
function checkedEntrada(entrada: Cents | null | undefined, payable: Cents): Cents {
  if (entrada === null || entrada === undefined) {
    throw new SettlementError('ENTRADA_INVALIDA', SETTLEMENT_MSG.entradaObrigatoria, 'valorEntrada');
  }
  if (!Number.isSafeInteger(entrada) || entrada <= 0) {
    throw new SettlementError('ENTRADA_INVALIDA', SETTLEMENT_MSG.entradaPositiva, 'valorEntrada');
  }
  if (entrada > payable) throw new SettlementError('ENTRADA_INVALIDA', SETTLEMENT_MSG.entradaMaior, 'valorEntrada');
  return entrada;
}
