import { queryOptions } from '@tanstack/react-query';
import type { MesAno } from '@bg/domain';
import { getFaturamento, getFechamento } from './relatorios';

/** The relatórios feature's query keys (decision 102). */
export const relatorioKeys = {
  faturamento: (periodo: MesAno) => ['relatorios', 'faturamento', periodo] as const,
  /** The select's value as it is (a string id, or null before one is chosen). */
  fechamento: (periodo: MesAno, empresaId: string | null) => ['relatorios', 'fechamento', periodo, empresaId] as const,
};

/** Faturamento of the month: its rows, subtotal and the months of the chart. */
export const faturamentoQuery = (periodo: MesAno) => queryOptions({ queryKey: relatorioKeys.faturamento(periodo), queryFn: () => getFaturamento(periodo) });

/** The empresa's closing of the month as the server's HTML; nothing before an empresa is chosen. */
export const fechamentoQuery = (periodo: MesAno, empresaId: string | null) =>
  queryOptions({
    queryKey: relatorioKeys.fechamento(periodo, empresaId),
    queryFn: () => getFechamento(periodo, Number(empresaId)),
    enabled: empresaId !== null,
  });
