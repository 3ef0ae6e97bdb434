/**
 * A rate typed as a percentage ("0.1" = 0.1%, "2.5" = 2.5%), kept as the exact fraction
 * `numerator / denominator` of 1: 0.1% → 1/1000, 2.5% → 25/1000. Rates arrive as JSON numbers or
 * as numeric(…) text from the database; both are read as decimal text, so 0.1 stays 1/1000 and no
 * binary float ever multiplies money.
 */
export type PercentRate = { numerator: bigint; denominator: bigint };

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** Parses a non-negative percentage; null for anything else (negative, exponent form, NaN, text). */
export function parsePercentRate(value: number | string): PercentRate | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const match = DECIMAL.exec(String(value).trim());
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  return { numerator: BigInt(whole + fraction), denominator: 100n * 10n ** BigInt(fraction.length) };
}

/** rate · multiplier as exact decimal text of a percentage, e.g. 0.1% · 31 days → "3.1". */
export function percentText(rate: PercentRate, multiplier: number): string {
  const scale = rate.denominator / 100n;
  const value = rate.numerator * BigInt(multiplier);
  const whole = value / scale;
  const digits = String(scale).length - 1;
  const fraction = digits === 0 ? '' : String(value % scale).padStart(digits, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}
