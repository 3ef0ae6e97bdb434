import { usePagedList } from '../../../lib/use-paged-list';
import { listRemessas } from './remessas';

/** The remessas feature's query keys (decision 102). */
export const remessaKeys = {
  /** Every page of Remessas. */
  all: ['remessas'] as const,
};

/** The remessas generated, newest first, each with its expiring download link. */
export const useRemessasList = () => usePagedList({ key: remessaKeys.all, fetch: listRemessas });
