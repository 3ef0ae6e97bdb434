import { creditoAClassificarDraft, tarifaDraft, todayInSaoPaulo, type BankPayment, type IsoDate, type LedgerDraft, type RetornoTitle } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { postTransaction } from './post-transaction.js';

/** What the bank paid on a retorno line: valor pago (the title's value when the bank left it empty), the fee and the business date. */
export function bankPaymentOf(t: Pick<RetornoTitle, 'paidCents' | 'amountCents' | 'feeCents' | 'creditDate' | 'occurrenceDate'>, retornoItemId: number, today: IsoDate = todayInSaoPaulo()): BankPayment {
  return {
    paidCents: t.paidCents > 0 ? t.paidCents : t.amountCents,
    feeCents: Math.max(0, t.feeCents),
    // the bank's dates: the day the money was credited, else the occurrence, else the day we learn of it
    occurredOn: t.creditDate ?? t.occurrenceDate ?? today,
    retornoItemId,
  };
}

/**
 * The money of a retorno line that does not liquidate a boleto (a liquidação posts with its
 * situação change, change-situacao.ts): a boleto avulso paid, or a boleto's liquidação the state
 * machine could not take (already settled), enter the bank as "créditos a classificar"; any other
 * movement of ours with a fee (entrada confirmada, baixa, tarifa) posts the fee. Key
 * `retorno-item:<id>`, so a resumed batch never posts a line twice.
 */
export async function postRetornoLine(tx: DbOrTx, input: RetornoLineMoney): Promise<void> {
  const draft = retornoLineDraft(input);
  if (draft) await postTransaction(tx, draft);
}

export type RetornoLineMoney = { retornoItemId: number; payment: BankPayment; credited: boolean; empresaId: number | null; boletoId?: number | null; boletoAvulsoId?: number | null; rotulo: string };

/** postRetornoLine's draft, for a caller that posts a whole batch at once (null: nothing to post). */
export function retornoLineDraft(input: RetornoLineMoney): LedgerDraft | null {
  const { payment } = input;
  return input.credited
    ? creditoAClassificarDraft({ ...input, paidCents: payment.paidCents, feeCents: payment.feeCents, occurredOn: payment.occurredOn })
    : tarifaDraft({ ...input, feeCents: payment.feeCents, occurredOn: payment.occurredOn });
}
