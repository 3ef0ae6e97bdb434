import type { Cents } from './cents.js';

/** "R$ 1.234,56" — comma decimal separator, dot thousands, prefix R$ (spec §1). */
export function formatBRL(cents: Cents): string {
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const frac = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}R$ ${whole},${frac}`;
}
