/**
 * Money is integer centavos in code (DOMAIN.md "Money"). Values arrive from JSON as numbers with at
 * most two decimals or from the database as numeric strings; both are parsed as decimal text so no
 * binary float ever takes part in arithmetic.
 */
export type Cents = number;

const DECIMAL = /^(-)?(\d+)(?:[.,](\d{1,2}))?$/;

/** Parses "1234.5", "1234,50", 1234.5 or "-0.07" into integer centavos; throws on anything else. */
export function toCents(value: number | string): Cents {
  const text = typeof value === 'number' ? numberToPlainText(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`Valor monetário inválido: ${String(value)}`);
  const [, minus, whole, frac = ''] = match;
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Valor monetário fora do limite: ${String(value)}`);
  return minus ? -cents : cents;
}

/** True when the number has at most two decimals (what the API accepts as money). */
export function hasAtMostTwoDecimals(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  return DECIMAL.test(numberToPlainText(value));
}

function numberToPlainText(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  // toString of a double such as 0.1 gives "0.1"; exponent forms are out of any money range we accept.
  return String(value);
}

/** Centavos → JSON number with at most two decimals (the wire format of DOMAIN.md). */
export function fromCents(cents: Cents): number {
  assertInteger(cents);
  return Number(centsToDecimalText(cents));
}

/** Centavos → "1234.56", the literal for numeric(14,2) columns. */
export function centsToDecimalText(cents: Cents): string {
  assertInteger(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Rounds a rational amount numerator/denominator (in centavos) half up, away from zero. */
export function roundHalfUp(numerator: bigint, denominator: bigint): Cents {
  if (denominator === 0n) throw new RangeError('Divisão por zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (d * 2n);
  return Number(negative ? -q : q);
}

/**
 * Multiplies centavos by a percentage given as decimal text ("0.33" means 0.33%) and rounds half
 * up once. Percentages are parsed as text so 0.33 stays exact.
 */
export function percentOf(cents: Cents, percent: number | string, times: number = 1): Cents {
  assertInteger(cents);
  const { numerator, scale } = decimalToFraction(String(percent));
  return roundHalfUp(BigInt(cents) * numerator * BigInt(times), scale * 100n);
}

export function decimalToFraction(text: string): { numerator: bigint; scale: bigint } {
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new RangeError(`Número decimal inválido: ${text}`);
  const [, minus, whole, frac = ''] = match;
  const scale = 10n ** BigInt(frac.length);
  const numerator = BigInt(whole + frac) * (minus ? -1n : 1n);
  return { numerator, scale };
}

/** Splits a total into n parts that add up exactly; the last part absorbs the remainder. */
export function splitEvenly(total: Cents, parts: number): Cents[] {
  assertInteger(total);
  if (!Number.isInteger(parts) || parts < 1) throw new RangeError('Quantidade de partes inválida');
  const share = Math.trunc(total / parts);
  const result = Array.from({ length: parts }, () => share);
  result[parts - 1] = total - share * (parts - 1);
  return result;
}

export function sumCents(values: readonly Cents[]): Cents {
  return values.reduce((acc, v) => acc + v, 0);
}

function assertInteger(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Centavos devem ser inteiros: ${cents}`);
}
