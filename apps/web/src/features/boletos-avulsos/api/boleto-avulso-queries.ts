import { usePagedList } from '../../../lib/use-paged-list';
import { listBoletosAvulsos, type AvulsoFilters, type BoletoAvulsoRow } from './boletos-avulsos';

/** The boletos avulsos feature's query keys (decision 102). */
export const boletoAvulsoKeys = {
  /** Every page of Boletos Avulsos. */
  all: ['boletos-avulsos'] as const,
};

/** Boletos Avulsos with the Situação and Loja filters (applied with the search text). */
export const useBoletosAvulsosList = (filters: AvulsoFilters) =>
  usePagedList<BoletoAvulsoRow, AvulsoFilters>({ key: boletoAvulsoKeys.all, fetch: listBoletosAvulsos, filters });
