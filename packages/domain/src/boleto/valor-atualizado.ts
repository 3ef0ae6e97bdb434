import { roundHalfUp, type Cents } from '../money/cents.js';
import { daysBetween, type IsoDate } from '../dates/calendar.js';

/** Boleto instructions printed on every slip and applied by the receipts screen (spec §9). */
export const MULTA_PERCENT = '2';
export const JUROS_DIA_PERCENT = '0.33';

/** Calendar days from the due date to `today`, never negative (DOMAIN.md: days, not hours). */
export function diasDeAtraso(vencimento: IsoDate, today: IsoDate): number {
  return Math.max(0, daysBetween(vencimento, today));
}

/**
 * Valor Atualizado of a late boleto: valor + 2% multa + 0.33% per calendar day late, computed as
 * one exact fraction and rounded half up once to the centavo (DOMAIN.md "Money"). Not late →
 * the valor itself.
 */
export function valorAtualizadoCents(valorCents: Cents, vencimento: IsoDate, today: IsoDate): Cents {
  if (!Number.isSafeInteger(valorCents)) throw new RangeError('Valor deve ser um inteiro de centavos');
  const dias = diasDeAtraso(vencimento, today);
  if (dias === 0) return valorCents;
  // valor · (1 + 2/100 + 0.33/100 · dias) = valor · (10000 + 200 + 33·dias) / 10000
  return roundHalfUp(BigInt(valorCents) * BigInt(10_200 + 33 * dias), 10_000n);
}
