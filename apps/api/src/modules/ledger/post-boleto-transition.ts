import { todayInSaoPaulo, cancelamentoAntecipadoDraft, honraDraft, liquidacaoDraft, recebidoLojaDraft, type BankPayment, type BoletoAction, type IsoDate, type LedgerDraft } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { loadBoletoContext } from './boleto-context.js';
import { postTransaction, type PostedTransaction } from './post-transaction.js';

/**
 * The money of a boleto's situação change. `pagamento`: what the bank paid (the retorno line);
 * without it a liquidação is taken as paid at face value on `data` (the demo seed, a test).
 * `data`: the business date of the change (default today in São Paulo).
 */
export type BoletoMoney = { pagamento?: BankPayment; data?: IsoDate };

/** The actions that move money: everything else (remessa, confirmations, removal…) posts nothing. */
export const MONEY_ACTIONS: ReadonlySet<BoletoAction> = new Set(['liquidar', 'liquidarComPedidoPendente', 'quitar', 'marcarQuitado', 'baixar', 'cancelar']);

/**
 * Posts what one situação change of a boleto means for the money (decision 109), in the caller's
 * transaction, right after the change (change-situacao.ts calls it): the bank paid it, the
 * guarantor honoured it, the customer paid the shop, an advanced boleto was cancelled. Reads the
 * boleto's position from the ledger first, so quitar after an advance pays the shop nothing, and a
 * liquidação after quitar recovers the debtor's debt.
 */
export async function postBoletoTransition(tx: DbOrTx, boletoId: number, action: BoletoAction, usuarioId: number | null, money: BoletoMoney = {}): Promise<PostedTransaction | null> {
  if (!MONEY_ACTIONS.has(action)) return null;
  const ctx = await loadBoletoContext(tx, boletoId, usuarioId);
  const data = money.data ?? todayInSaoPaulo();
  let draft: LedgerDraft | null = null;
  switch (action) {
    case 'liquidar':
    case 'liquidarComPedidoPendente':
      draft = liquidacaoDraft(ctx, money.pagamento ?? { paidCents: ctx.position.valorCents, feeCents: 0, occurredOn: data });
      break;
    case 'quitar':
    case 'marcarQuitado':
      // honoured before (QUITADO, then an acordo removed it and was cancelled): its payout is posted
      draft = ctx.position.destino === 'devedor_a_recuperar' ? null : honraDraft(ctx, data);
      break;
    case 'baixar':
      draft = recebidoLojaDraft(ctx, data);
      break;
    case 'cancelar':
      draft = cancelamentoAntecipadoDraft(ctx, data);
      break;
  }
  return draft ? postTransaction(tx, draft) : null;
}
