import type { BankPayment, RetornoTitle } from '@bg/domain';
import type { RetornoLineMoney } from '../ledger/post-retorno-line.js';
import type { TitleDecision } from './decide-title.js';
import type { TitleTarget } from './retorno-titles.js';

/**
 * What a decided retorno line does with money, for both ways of applying a batch (title by title in
 * apply-retorno.ts, in bulk in apply-batch-bulk.ts), so they post the same: whether it liquidates
 * its target, and the money the line posts on its own — null when a boleto's liquidação posts with
 * its situação change (change-situacao.ts); otherwise a boleto avulso paid or a liquidação the state
 * machine could not take enters the bank as "créditos a classificar", any other movement its fee.
 */
export function retornoLineMoney(
  t: RetornoTitle,
  target: TitleTarget,
  decision: TitleDecision,
  payment: BankPayment,
  retornoId: number,
): { liquidates: boolean; money: RetornoLineMoney | null } {
  const liquidates = decision.action === 'liquidar' || decision.action === 'liquidarComPedidoPendente' || (target.kind === 'avulso' && decision.para === 'LIQUIDADO');
  if (target.kind === 'boleto' && liquidates) return { liquidates, money: null };
  return {
    liquidates,
    money: {
      retornoItemId: payment.retornoItemId!,
      payment,
      credited: t.category === 'liquidacao' && (liquidates || decision.resultado === 'IGNORADO'),
      empresaId: target.empresaId,
      boletoId: target.kind === 'boleto' ? target.id : null,
      boletoAvulsoId: target.kind === 'avulso' ? target.id : null,
      rotulo: `${target.kind === 'boleto' ? 'boleto' : 'boleto avulso'} nº ${target.id}, retorno nº ${retornoId}, linha ${t.line}`,
    },
  };
}

/** The reason a retorno line gives the situação it changes (history and audit). */
export function retornoMotivo(retornoId: number, numeroArquivo: number | null, t: RetornoTitle): string {
  return `Retorno nº ${retornoId}${numeroArquivo ? ` (arquivo ${numeroArquivo})` : ''}, linha ${t.line}: ${t.movementDescription}`.slice(0, 300);
}
