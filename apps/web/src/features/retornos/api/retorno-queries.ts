import { queryOptions } from '@tanstack/react-query';
import type { RetornoResultado } from '@bg/domain';
import { usePagedList } from '../../../lib/use-paged-list';
import { getRetorno, listItens, listRetornos, type RetornoItem } from './retornos';

/** The retornos feature's query keys (decision 102). */
export const retornoKeys = {
  /** Every page of Retornos. */
  all: ['retornos'] as const,
  detail: (id: number) => ['retorno', id] as const,
  /** Every page of one applied retorno's per-title results. */
  itens: (id: number) => ['retorno-itens', id] as const,
};

/** One retorno: its job's progress, then its preview or its result. */
export const retornoQuery = (id: number) => queryOptions({ queryKey: retornoKeys.detail(id), queryFn: () => getRetorno(id) });

/** The retornos sent, newest first. */
export const useRetornosList = () => usePagedList({ key: retornoKeys.all, fetch: listRetornos });

/** The per-title results of an applied retorno, filtered by resultado ('' = all). */
export const useRetornoItensList = (id: number) =>
  usePagedList<RetornoItem, { resultado: RetornoResultado | '' }>({
    key: retornoKeys.itens(id),
    fetch: ({ page, resultado }) => listItens(id, page, resultado),
    filters: { resultado: '' },
  });
