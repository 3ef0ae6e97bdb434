import type { Cents } from '../money/cents.js';
import type { IsoDate } from '../dates/calendar.js';
import { isIsoDate } from '../dates/calendar.js';
import { ledgerAccountKey, type LedgerAccountRef, type LedgerSide } from './accounts.js';

/**
 * What caused a transaction. One cause, one kind; the idempotency key names the cause itself
 * (LEDGER_KEY) so that the same cause never posts twice.
 */
export const LEDGER_KINDS = {
  liquidacao: 'Pagamento de boleto no banco',
  tarifa: 'Tarifa bancária',
  credito_a_classificar: 'Crédito no banco a classificar (boleto avulso, pagamento não aplicado)',
  recebido_loja: 'Pagamento recebido pela loja (baixa)',
  cancelamento_antecipado: 'Cancelamento de boleto antecipado',
  honra: 'Garantia honrada (boleto quitado à loja)',
  antecipacao: 'Antecipação aprovada',
  acordo_pagamento: 'Parcela de acordo recebida',
  consulta: 'Consulta cobrada',
  mensalidade: 'Mensalidade',
  repasse: 'Repasse à loja',
  perda: 'Dívida lançada como perda',
  estorno: 'Estorno',
} as const;
export type LedgerKind = keyof typeof LEDGER_KINDS;
export const LEDGER_KIND_LIST = Object.keys(LEDGER_KINDS) as LedgerKind[];

/** Idempotency keys, one per cause (decision 109). */
export const LEDGER_KEY = {
  retornoItem: (retornoItemId: number) => `retorno-item:${retornoItemId}`,
  /** A liquidação recorded without a retorno line (the demo seed, a test): a boleto is liquidated once. */
  liquidacao: (boletoId: number) => `liquidacao:${boletoId}`,
  recebidoLoja: (boletoId: number) => `recebido-loja:${boletoId}`,
  cancelamento: (boletoId: number) => `cancelamento-antecipado:${boletoId}`,
  /** quitar and "Marcar como quitado" share it: a guarantee is honoured once. */
  honra: (boletoId: number) => `quitar:${boletoId}`,
  antecipacao: (antecipacaoId: number) => `antecipacao-aprovada:${antecipacaoId}`,
  acordoParcela: (parcelaId: number) => `acordo-parcela:${parcelaId}`,
  consulta: (consultaId: number) => `consulta:${consultaId}`,
  mensalidade: (empresaId: number, mes: string) => `mensalidade:${empresaId}:${mes}`,
  repasse: (repasseId: number) => `repasse:${repasseId}`,
  perda: (boletoId: number) => `perda:${boletoId}`,
  estorno: (transactionId: number) => `estorno:${transactionId}`,
};

export type LedgerLine = {
  account: LedgerAccountRef;
  side: LedgerSide;
  amountCents: Cents;
  /** The boleto this line concerns (an advance or an acordo payment names several). */
  boletoId?: number | null;
};

/** References a transaction keeps to its cause (the columns of ledger_transaction). */
export type LedgerRefs = {
  boletoId?: number | null;
  boletoAvulsoId?: number | null;
  antecipacaoId?: number | null;
  acordoId?: number | null;
  acordoParcelaId?: number | null;
  retornoItemId?: number | null;
  repasseId?: number | null;
  consultaId?: number | null;
  empresaId?: number | null;
  pessoaId?: number | null;
  usuarioId?: number | null;
};

/** A transaction before it is posted: several lines, debits equal to credits. */
export type LedgerDraft = {
  idempotencyKey: string;
  kind: LedgerKind;
  /** The business date: the bank's data de crédito (or ocorrência) for bank events, the day of the decision otherwise. */
  occurredOn: IsoDate;
  description: string;
  refs?: LedgerRefs;
  /** The transaction this one reverses (kind estorno). */
  reversesId?: number | null;
  lines: LedgerLine[];
};

export class LedgerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerError';
  }
}

const MAX_CENTS = 99_999_999_999_999; // numeric(14,2)

/** Refuses a draft the database would refuse: unbalanced, a non-positive or fractional amount, a bad key or date. */
export function assertValidDraft(d: LedgerDraft): void {
  if (!d.idempotencyKey || d.idempotencyKey.length > 120) throw new LedgerError('Chave de idempotência ausente ou longa demais.');
  if (!isIsoDate(d.occurredOn)) throw new LedgerError(`Data inválida no lançamento ${d.idempotencyKey}: ${d.occurredOn}`);
  if (d.lines.length < 2) throw new LedgerError(`O lançamento ${d.idempotencyKey} precisa de ao menos duas partidas.`);
  let debits = 0;
  let credits = 0;
  for (const l of d.lines) {
    if (!Number.isSafeInteger(l.amountCents) || l.amountCents <= 0 || l.amountCents > MAX_CENTS) {
      throw new LedgerError(`Valor inválido no lançamento ${d.idempotencyKey}: ${l.amountCents}`);
    }
    ledgerAccountKey(l.account); // the owner matches the account
    if (l.side === 'debit') debits += l.amountCents;
    else if (l.side === 'credit') credits += l.amountCents;
    else throw new LedgerError(`Lado inválido no lançamento ${d.idempotencyKey}.`);
  }
  if (debits !== credits) throw new LedgerError(`Lançamento ${d.idempotencyKey} desbalanceado: débitos ${debits}, créditos ${credits}.`);
  if (d.kind === 'estorno' ? !d.reversesId : d.reversesId) throw new LedgerError('Só um estorno nomeia a transação que estorna.');
}

export function draftTotals(d: LedgerDraft): { debitsCents: number; creditsCents: number } {
  let debitsCents = 0;
  let creditsCents = 0;
  for (const l of d.lines) {
    if (l.side === 'debit') debitsCents += l.amountCents;
    else creditsCents += l.amountCents;
  }
  return { debitsCents, creditsCents };
}

/**
 * The content a repeated key must match (kind, date, reversal and lines in any order): the posting
 * module stores its hash and answers a second posting of the key with the original when equal, and
 * refuses it when not (Modern Treasury's and Stripe's idempotency rule).
 */
export function draftFingerprint(d: LedgerDraft): string {
  const lines = d.lines.map((l) => `${ledgerAccountKey(l.account)}|${l.side}|${l.amountCents}|${l.boletoId ?? ''}`).sort();
  return JSON.stringify([d.kind, d.occurredOn, d.reversesId ?? null, lines]);
}

/** Lines with the sides swapped: the body of a reversal. */
export function reversedLines(lines: readonly LedgerLine[]): LedgerLine[] {
  return lines.map((l) => ({ ...l, side: l.side === 'debit' ? 'credit' : 'debit' }));
}

/** Adds a line only when its amount is positive (a zero fee or a zero encargo is no line). */
export function pushLine(lines: LedgerLine[], account: LedgerAccountRef, side: LedgerSide, amountCents: Cents, boletoId?: number | null): void {
  if (amountCents > 0) lines.push({ account, side, amountCents, boletoId: boletoId ?? null });
  else if (amountCents < 0) throw new LedgerError(`Valor negativo em ${account.code}: ${amountCents}`);
}
