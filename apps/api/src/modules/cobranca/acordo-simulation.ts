import {
  COBRANCA_MSG,
  SettlementError,
  settlementFigureDifferences,
  simulateSettlement,
  toCents,
  type AcordoCreateInput,
  type SettlementSimulation,
} from '@bg/domain';
import { AppError } from '../../errors/app-error.js';

/**
 * The server's own simulation of a create request, from the boletos as the database holds them and
 * the server's date, with the operator's choices (count, dates, entrada, discount). The figures the
 * screen showed must equal it to the centavo, or the request is refused (409) naming what moved:
 * a tampered request, another day's juros, or a boleto changed meanwhile.
 */
export function simulateAndCompare(
  input: AcordoCreateInput,
  boletos: readonly { amountCents: number; dueDate: string }[],
  today: string,
  previousPaymentsCents = 0,
): SettlementSimulation {
  let fresh: SettlementSimulation;
  try {
    fresh = simulateSettlement({
      boletos,
      today,
      installments: input.qtdParcelas,
      firstAmountCents: toCents(input.valorEntrada),
      dueDates: input.vencimentos,
      discountCents: toCents(input.desconto),
      previousPaymentsCents,
    });
  } catch (err) {
    if (err instanceof SettlementError) throw new AppError('VALIDATION', err.message, { errors: { [err.field ?? 'simulacao']: err.message } });
    throw err;
  }
  const diferencas = settlementFigureDifferences(
    {
      baseCents: toCents(input.valor_sem_juros),
      updatedCents: toCents(input.valor_atualizado),
      totalCents: toCents(input.totalParcelamento),
      installments: input.parcelas.map((p) => ({ number: p.parcela, dueDate: p.vencimento, amountCents: toCents(p.valor) })),
    },
    fresh,
  );
  if (diferencas.length) throw new AppError('CONFLICT', COBRANCA_MSG.simulacaoDivergente, { extra: { diferencas } });
  return fresh;
}
