import { daysBetween, roundHalfUp, type IsoDate } from '@bg/domain';
import type { BbTituloSandbox } from './bb-titulo.js';

/**
 * What a payer owes on a day, by the boleto's own registered rules: the current value, plus the
 * multa from its date and juros per day late (tipo 1: a value a day; tipo 2: the monthly rate
 * prorated over 30 days). Integer cents, one rounding per component.
 */
export function valorDevido(t: BbTituloSandbox, data: IsoDate): { totalCents: number; jurosCents: number; multaCents: number } {
  const valor = BigInt(t.valorAtualCents);
  const diasAtraso = Math.max(0, daysBetween(t.dataVencimento, data));
  let multaCents = 0;
  if (t.multa.tipo > 0 && t.multa.data !== null && data >= t.multa.data) {
    multaCents = t.multa.tipo === 1 ? t.multa.valorCents : roundHalfUp(valor * BigInt(t.multa.porcentagemCentesimos), 10_000n);
  }
  let jurosCents = 0;
  if (diasAtraso > 0 && t.jurosMora.tipo === 1) jurosCents = t.jurosMora.valorCents * diasAtraso;
  if (diasAtraso > 0 && t.jurosMora.tipo === 2) {
    jurosCents = roundHalfUp(valor * BigInt(t.jurosMora.porcentagemCentesimos) * BigInt(diasAtraso), 10_000n * 30n);
  }
  return { totalCents: t.valorAtualCents + multaCents + jurosCents, jurosCents, multaCents };
}
