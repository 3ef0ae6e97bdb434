import { formatBRL, toCents } from '@bg/domain';

/**
 * Reais from the API (1234.5 or "1234.50") → "R$ 1.234,50". Goes through integer centavos so the
 * text never shows a float artefact. '' for null/empty; a value that is not money (more than two
 * decimals, garbage) is shown as it came rather than crashing the whole screen.
 */
export function moneyText(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  try {
    return formatBRL(toCents(value));
  } catch {
    return String(value);
  }
}

export interface MoneyTextProps {
  value: number | string | null | undefined;
}

/** Inline money; nowrap keeps "R$" and the amount on one line inside narrow table cells. */
export function MoneyText({ value }: MoneyTextProps) {
  return <span style={{ whiteSpace: 'nowrap' }}>{moneyText(value)}</span>;
}
