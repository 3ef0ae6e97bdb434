import { CANAL_DESCONHECIDO, CANAIS_PAGAMENTO, type CanalPagamento } from '@bg/domain';
import { money } from './faturamento-sql.js';

/** One bank payment of the Fechamento: its channel (null: CNAB or unknown) and what the bank paid. */
export type PagamentoNoCanal = { canal: CanalPagamento | null; pagoNoBancoCents: number };

/**
 * The Fechamento's "Recebido por canal" (issue 26): the month's bank payments grouped by channel —
 * count and what the bank paid, summed in integer centavos, so the rows add up to Recebido Premium.
 * Largest amount first; the payments without a known channel ("—") last.
 */
export function recebidoPorCanal(pagamentos: PagamentoNoCanal[]) {
  const porCanal = new Map<CanalPagamento | null, { quantidade: number; cents: number }>();
  for (const p of pagamentos) {
    const soma = porCanal.get(p.canal) ?? { quantidade: 0, cents: 0 };
    soma.quantidade += 1;
    soma.cents += p.pagoNoBancoCents;
    porCanal.set(p.canal, soma);
  }
  return [...porCanal]
    .sort(([a, x], [b, y]) => Number(a === null) - Number(b === null) || y.cents - x.cents || (a ?? '').localeCompare(b ?? ''))
    .map(([canal, s]) => ({ canal, nome: canal ? CANAIS_PAGAMENTO[canal] : CANAL_DESCONHECIDO, quantidade: s.quantidade, valor_pago: money(s.cents) }));
}
