import { usePagedList } from '../../../lib/use-paged-list';
import { chavesApi, type ChaveFilters, type ChaveRow } from './chaves';

/** The API keys' query keys (decision 102). */
export const chaveKeys = {
  all: ['integracoes', 'chaves'] as const,
};

/** The keys of the shops the user manages (administradores: every shop, or one). */
export const useChavesList = (filters: ChaveFilters) => usePagedList<ChaveRow, ChaveFilters>({ key: chaveKeys.all, fetch: chavesApi.list, filters });
