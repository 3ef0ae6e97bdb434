import { queryOptions } from '@tanstack/react-query';
import { usePagedList } from '../../../lib/use-paged-list';
import { getBoletoResumo, listContas, listDivergencias, type DivergenciaEstado } from './conciliacao';

/** The conciliação feature's query keys (decision 102). */
export const conciliacaoKeys = {
  /** Every page of Conciliação, open and resolved. */
  all: ['conciliacao', 'lista'] as const,
  contas: ['conciliacao', 'contas'] as const,
  boleto: (boletoId: number) => ['conciliacao', 'boleto', boletoId] as const,
};

/** Conciliação filtered by Abertas / Resolvidas. */
export const useConciliacaoList = (estado: DivergenciaEstado) =>
  usePagedList({ key: conciliacaoKeys.all, fetch: ({ page, estado: e }) => listDivergencias({ page, estado: e }), filters: { estado } });

export const contasQuery = () => queryOptions({ queryKey: conciliacaoKeys.contas, queryFn: listContas, staleTime: 60_000 });

/** A boleto's guarantee and instalment: it does not change, so it is read once. */
export const boletoResumoQuery = (boletoId: number) => queryOptions({ queryKey: conciliacaoKeys.boleto(boletoId), queryFn: () => getBoletoResumo(boletoId), staleTime: Infinity });
