import type { Cents } from '../money/cents.js';
import type { IsoDate } from '../dates/calendar.js';
import { conta } from './accounts.js';
import { destinoDoBoleto, type BoletoLedgerContext } from './boleto-events.js';
import { LEDGER_KEY, pushLine, type LedgerDraft, type LedgerLine } from './transaction.js';

export type AcordoAllocation = { boletoId: number; amountCents: Cents };

/**
 * How an acordo instalment received is shared among the boletos the acordo covers: their open
 * principal first, oldest due date first (then by id), each to whoever is owed it (the shop, the
 * advance, or the debtor's debt once honoured — BoletoPosition.destino); what is left is the
 * acordo's revenue (its multa, juros and taxa, less the discount). So a cancelled acordo's payments
 * stay credited to the boletos they paid, and a new acordo starts from what is still open.
 */
export function allocateAcordoPayment(amountCents: Cents, boletos: readonly (BoletoLedgerContext & { vencimento: IsoDate })[]): { allocations: AcordoAllocation[]; revenueCents: Cents } {
  let left = amountCents;
  const allocations: AcordoAllocation[] = [];
  const ordered = [...boletos].sort((a, b) => (a.vencimento < b.vencimento ? -1 : a.vencimento > b.vencimento ? 1 : a.boletoId - b.boletoId));
  for (const b of ordered) {
    if (left <= 0) break;
    const part = Math.min(left, Math.max(0, b.position.emAberto));
    if (part > 0) allocations.push({ boletoId: b.boletoId, amountCents: part });
    left -= part;
  }
  return { allocations, revenueCents: left };
}

/** An acordo instalment received into the bank, shared as allocateAcordoPayment says. Null for an instalment of R$ 0,00. */
export function acordoPagamentoDraft(input: {
  acordoId: number;
  parcelaId: number;
  parcela: number;
  pessoaId: number;
  amountCents: Cents;
  occurredOn: IsoDate;
  boletos: readonly (BoletoLedgerContext & { vencimento: IsoDate })[];
  usuarioId?: number | null;
}): LedgerDraft | null {
  if (input.amountCents <= 0) return null;
  const { allocations, revenueCents } = allocateAcordoPayment(input.amountCents, input.boletos);
  const byId = new Map(input.boletos.map((b) => [b.boletoId, b]));
  const lines: LedgerLine[] = [];
  pushLine(lines, conta.geral('banco'), 'debit', input.amountCents);
  for (const a of allocations) pushLine(lines, destinoDoBoleto(byId.get(a.boletoId)!), 'credit', a.amountCents, a.boletoId);
  pushLine(lines, conta.geral('receita_acordo'), 'credit', revenueCents);
  return {
    idempotencyKey: LEDGER_KEY.acordoParcela(input.parcelaId),
    kind: 'acordo_pagamento',
    occurredOn: input.occurredOn,
    description: `Acordo nº ${input.acordoId}: parcela ${input.parcela} recebida`,
    refs: { acordoId: input.acordoId, acordoParcelaId: input.parcelaId, pessoaId: input.pessoaId, usuarioId: input.usuarioId ?? null },
    lines,
  };
}

/** What earlier (cancelled) acordos already paid of these boletos' principal: "Pagamentos anteriores". */
export function pagamentosAnteriores(boletos: readonly { recuperadoEmAcordos: Cents }[]): Cents {
  return boletos.reduce((s, b) => s + b.recuperadoEmAcordos, 0);
}
