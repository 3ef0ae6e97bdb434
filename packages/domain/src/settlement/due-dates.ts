import { addMonthsClamped, isIsoDate, type IsoDate } from '../dates/calendar.js';
import { SETTLEMENT_MAX_INSTALLMENTS, SETTLEMENT_MIN_INSTALLMENTS } from './settlement-constants.js';
import { SETTLEMENT_MSG, SettlementError } from './settlement-error.js';

/**
 * Default plan dates (DOMAIN.md "default: today, then monthly"): instalment 1 today, instalment k
 * k−1 months later on the same day of month, or the last day of a shorter month (31/01 → 28/02 or
 * 29/02 → 31/03). Each date counts from today, never from the previous date, so a clamped February
 * does not pull March back to the 28th — the same rule as the guarantee wizard's auto-fill.
 */
export function defaultSettlementDueDates(today: IsoDate, installments: number): IsoDate[] {
  if (!isIsoDate(today)) throw new SettlementError('VENCIMENTOS_INVALIDOS', SETTLEMENT_MSG.dataInvalida, 'vencimentos');
  assertInstallmentCount(installments);
  return Array.from({ length: installments }, (_, k) => addMonthsClamped(today, k));
}

export function assertInstallmentCount(installments: number): void {
  if (!Number.isInteger(installments) || installments < SETTLEMENT_MIN_INSTALLMENTS || installments > SETTLEMENT_MAX_INSTALLMENTS) {
    throw new SettlementError('PARCELAS_INVALIDAS', SETTLEMENT_MSG.parcelas, 'qtdParcelas');
  }
}

/** D₁ ≥ today and each Dₖ strictly after Dₖ₋₁ (two instalments on one day make no plan). */
export function assertPlanDueDates(dueDates: readonly IsoDate[], installments: number, today: IsoDate): void {
  if (dueDates.length !== installments) {
    throw new SettlementError('VENCIMENTOS_INVALIDOS', SETTLEMENT_MSG.vencimentoPorParcela, 'vencimentos');
  }
  dueDates.forEach((date, i) => {
    if (!isIsoDate(date)) throw new SettlementError('VENCIMENTOS_INVALIDOS', SETTLEMENT_MSG.dataInvalida, 'vencimentos');
    if (i === 0 && date < today) throw new SettlementError('VENCIMENTOS_INVALIDOS', SETTLEMENT_MSG.vencimentoPassado, 'vencimentos');
    if (i > 0 && date <= dueDates[i - 1]) {
      throw new SettlementError('VENCIMENTOS_INVALIDOS', SETTLEMENT_MSG.vencimentosCrescentes, 'vencimentos');
    }
  });
}
