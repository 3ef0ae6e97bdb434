import { queryOptions } from '@tanstack/react-query';
import type { Situacao } from '@bg/domain';
import { usePagedList } from '../../../lib/use-paged-list';
import { getBoleto, listBoletos, type BoletoRow } from './boletos';

/** The list's filters besides the search text ('' = all). */
export type BoletoFilters = { situacao: Situacao | ''; empresa_id: string };

/** The boletos feature's query keys (decision 102). */
export const boletoKeys = {
  /** Every page of Boletos Garantidos. */
  all: ['boletos'] as const,
  detail: (id: number) => ['boleto', id] as const,
};

/** One boleto with its history of situações. */
export const boletoQuery = (id: number) => queryOptions({ queryKey: boletoKeys.detail(id), queryFn: () => getBoleto(id) });

/** Boletos Garantidos with the Loja and Situação filters (applied with the search text). */
export const useBoletosList = (filters: BoletoFilters) => usePagedList<BoletoRow, BoletoFilters>({ key: boletoKeys.all, fetch: listBoletos, filters });
