import type { Cents } from '../money/cents.js';
import type { IsoDate } from '../dates/calendar.js';
import type { SettlementSimulation } from '../settlement/simulate-settlement.js';

/** The figures the "Novo Acordo" screen showed, in centavos (what the operator agreed to). */
export type SentSettlementFigures = {
  baseCents: Cents;
  updatedCents: Cents;
  totalCents: Cents;
  installments: readonly { number: number; dueDate: IsoDate; amountCents: Cents }[];
};

/**
 * Names of the figures that differ between what the screen showed and what the server computes
 * now from the database (wire names of the create body: `valor_sem_juros`, `valor_atualizado`,
 * `totalParcelamento`, `parcelas[k].valor`, `parcelas[k].vencimento`, `parcelas` for a different
 * count). Empty when the operator agreed to exactly the plan that will be stored.
 */
export function settlementFigureDifferences(sent: SentSettlementFigures, fresh: SettlementSimulation): string[] {
  const diff: string[] = [];
  if (sent.baseCents !== fresh.baseCents) diff.push('valor_sem_juros');
  if (sent.updatedCents !== fresh.updatedCents) diff.push('valor_atualizado');
  if (sent.totalCents !== fresh.totalCents) diff.push('totalParcelamento');
  if (sent.installments.length !== fresh.installments.length) {
    diff.push('parcelas');
    return diff;
  }
  const byNumber = new Map(sent.installments.map((p) => [p.number, p]));
  for (const p of fresh.installments) {
    const s = byNumber.get(p.number);
    if (!s) {
      diff.push(`parcelas[${p.number}]`);
      continue;
    }
    if (s.dueDate !== p.dueDate) diff.push(`parcelas[${p.number}].vencimento`);
    if (s.amountCents !== p.amountCents) diff.push(`parcelas[${p.number}].valor`);
  }
  return diff;
}
