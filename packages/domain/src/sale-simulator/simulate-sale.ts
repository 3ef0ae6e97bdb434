import { roundHalfUp, toCents, type Cents } from '../money/cents.js';
import { addMonthsClamped, daysBetween, isIsoDate, type IsoDate } from '../dates/calendar.js';
import { MAX_MONEY } from '../schemas/common.js';
import { parsePercentRate, percentText, type PercentRate } from '../advance/percent-rate.js';
import {
  SALE_MSG,
  SALE_SIMULATION_MAX_INSTALLMENTS,
  SALE_SIMULATION_MIN_INSTALLMENTS,
  SaleSimulationError,
} from './sale-simulation-error.js';

export type SaleSimulationInput = {
  /** V, the price of the sale in cash. */
  valueCents: Cents;
  /** n, 2 to 12. */
  installments: number;
  today: IsoDate;
  /** The empresa's taxa_prorrata, percent per day (0.1 = 0.1% a day). */
  taxaProrrata: number | string;
};

export type SaleInstallment = {
  number: number;
  vencimento: IsoDate;
  /** Calendar days from today to `vencimento`. */
  days: number;
  /** feeₖ = taxa_prorrata · days, as exact percentage text ("3.1" means 3.1%). */
  feePercent: string;
  valorNovaParcelaCents: Cents;
  /** P · feeₖ rounded half up: what advancing this instalment will cost the shop. */
  feeCents: Cents;
  /** P − feeCents: what the shop keeps of this instalment. */
  netCents: Cents;
};

export type SaleSimulation = {
  boletos: SaleInstallment[];
  valorNovaParcelaCents: Cents;
  /** Σ of the instalments: (n − 1) · P plus the last one. */
  totalCents: Cents;
  /** Σ netCents: exactly V (the last instalment absorbs the rounding). */
  totalNetCents: Cents;
};

const MAX_MONEY_CENTS = toCents(MAX_MONEY);

/**
 * "Simulador de venda com taxas" (DOMAIN.md): instalment k is due k months from today (same day,
 * clamped to a shorter month's end), feeₖ = taxa_prorrata% · daysₖ, and the new instalment value
 * P = V / Σₖ (1 − feeₖ) is the one that nets the shop V after the fees. With the rate as the exact
 * fraction a/b, P = V · b / (n · b − a · Σ daysₖ): one exact fraction, rounded half up once to the
 * centavo. Instalments 1..n−1 carry P; the last absorbs the remainder (issue 25): it is the value that
 * nets exactly what the others leave of V, so the shop nets V to the centavo — "Valor Líquido" is
 * the sale value promised — and the last instalment differs from P by a few centavos at most.
 */
export function simulateSale(input: SaleSimulationInput): SaleSimulation {
  const { valueCents, installments: n, today } = input;
  assertValue(valueCents);
  if (!Number.isInteger(n) || n < SALE_SIMULATION_MIN_INSTALLMENTS || n > SALE_SIMULATION_MAX_INSTALLMENTS) {
    throw new SaleSimulationError('PARCELAS_INVALIDAS', SALE_MSG.parcelas);
  }
  if (!isIsoDate(today)) throw new SaleSimulationError('DATA_INVALIDA', SALE_MSG.dataInvalida);
  const rate = parsePercentRate(input.taxaProrrata);
  if (!rate) throw new SaleSimulationError('TAXA_INVALIDA', SALE_MSG.taxaInvalida);

  const schedule = Array.from({ length: n }, (_, i) => {
    const vencimento = addMonthsClamped(today, i + 1);
    return { number: i + 1, vencimento, days: daysBetween(today, vencimento) };
  });
  // Every fee must stay below 100%: otherwise that instalment nets nothing and Σ(1 − fee) may be ≤ 0.
  if (schedule.some((s) => rate.numerator * BigInt(s.days) >= rate.denominator)) {
    throw new SaleSimulationError('TAXA_EXCESSIVA', SALE_MSG.taxaExcessiva);
  }

  const totalDays = BigInt(schedule.reduce((sum, s) => sum + s.days, 0));
  const parcela = roundHalfUp(BigInt(valueCents) * rate.denominator, BigInt(n) * rate.denominator - rate.numerator * totalDays);
  const first = schedule.slice(0, -1).map((s) => withFee(s, parcela, rate));
  const lastSchedule = schedule[n - 1]!;
  // The last instalment absorbs the rounding: it is the smallest value that nets exactly what the
  // others leave of V, so the shop nets V to the centavo ("Valor Líquido" is the sale value).
  const netSoFar = first.reduce((sum, b) => sum + b.netCents, 0);
  const last = withFee(lastSchedule, lastInstallmentNetting(valueCents - netSoFar, lastSchedule.days, rate), rate);
  const boletos = [...first, last];
  const totalCents = boletos.reduce((sum, b) => sum + b.valorNovaParcelaCents, 0);
  if (totalCents > MAX_MONEY_CENTS) throw new SaleSimulationError('VALOR_INVALIDO', SALE_MSG.foraDoLimite);
  return {
    boletos,
    valorNovaParcelaCents: parcela,
    totalCents,
    totalNetCents: boletos.reduce((sum, b) => sum + b.netCents, 0),
  };
}

function feeOf(value: Cents, days: number, rate: PercentRate): Cents {
  return roundHalfUp(BigInt(value) * rate.numerator * BigInt(days), rate.denominator);
}

/**
 * The smallest instalment value P with P − fee(P) = net. Each centavo more of P adds 0 or 1
 * centavo of fee (the fee is below 100%), so P − fee(P) takes every integer value: start from the
 * exact quotient net / (1 − fee) and step to the first P that nets exactly `net`.
 */
function lastInstallmentNetting(net: Cents, days: number, rate: PercentRate): Cents {
  if (net <= 0) return 0;
  const netOf = (p: Cents) => p - feeOf(p, days, rate);
  let p = roundHalfUp(BigInt(net) * rate.denominator, rate.denominator - rate.numerator * BigInt(days));
  while (p > 0 && netOf(p) >= net) p--;
  while (netOf(p) < net) p++;
  return p;
}

function withFee(s: { number: number; vencimento: IsoDate; days: number }, parcela: Cents, rate: PercentRate): SaleInstallment {
  const feeCents = feeOf(parcela, s.days, rate);
  return { ...s, feePercent: percentText(rate, s.days), valorNovaParcelaCents: parcela, feeCents, netCents: parcela - feeCents };
}

function assertValue(valueCents: Cents): void {
  if (!Number.isSafeInteger(valueCents) || valueCents <= 0) throw new SaleSimulationError('VALOR_INVALIDO', SALE_MSG.valorInvalido);
  if (valueCents > MAX_MONEY_CENTS) throw new SaleSimulationError('VALOR_INVALIDO', SALE_MSG.foraDoLimite);
}
