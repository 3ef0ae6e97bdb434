import { fromCents, type BankPayment, type BoletoAction } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { emitirEventos, type EventoNovo } from './emitir-evento.js';

/**
 * The webhook event a boleto's situação change means, if any (decision 118): the bank confirmed its
 * registration, the bank paid it (a liquidação — by a CNAB retorno or the bank's API, both applied
 * by the retorno's path), or the bank confirmed a write-off (paid to the shop, cancelled, replaced
 * by an acordo). `boleto.vencido` has no change of its own (webhooks/vencidos-job.ts).
 */
export function eventoDeBoleto(action: BoletoAction, pagamento?: BankPayment | null): Pick<EventoNovo, 'tipo' | 'dados'> | null {
  switch (action) {
    case 'confirmarEntrada':
      return { tipo: 'boleto.registrado' };
    case 'liquidar':
    case 'liquidarComPedidoPendente':
      return {
        tipo: 'boleto.pago',
        dados: { pagamento: pagamento ? { valor: fromCents(pagamento.paidCents), data: pagamento.occurredOn, canal: 'banco' } : { valor: null, data: null, canal: 'banco' } },
      };
    case 'confirmarBaixa':
      return { tipo: 'boleto.baixado', dados: { baixa: { motivo: 'pago_a_loja' } } };
    case 'confirmarCancelamento':
      return { tipo: 'boleto.baixado', dados: { baixa: { motivo: 'cancelado' } } };
    case 'confirmarRemocao':
      return { tipo: 'boleto.baixado', dados: { baixa: { motivo: 'acordo' } } };
    default:
      return null;
  }
}

/** The events of many boletos' changes at once (one statement; at most one change per boleto). */
export function emitirEventosBoletos(tx: DbOrTx, changes: readonly { boletoId: number; action: BoletoAction; pagamento?: BankPayment | null }[]): Promise<number> {
  const eventos = changes.flatMap((c) => {
    const e = eventoDeBoleto(c.action, c.pagamento);
    return e ? [{ ...e, recursoId: c.boletoId }] : [];
  });
  return emitirEventos(tx, 'boleto', eventos);
}
