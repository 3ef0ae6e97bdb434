import { usePagedList } from '../../../lib/use-paged-list';
import { cpfsSuspeitosApi } from './cpfs-suspeitos';

/** The CPFs suspeitos feature's query keys (decision 102). */
export const cpfSuspeitoKeys = {
  /** Every page of CPFs Suspeitos. */
  all: ['cpfs-suspeitos'] as const,
};

/** CPFs Suspeitos, searched by document. */
export const useCpfsSuspeitosList = () => usePagedList({ key: cpfSuspeitoKeys.all, fetch: ({ page, pesquisa }) => cpfsSuspeitosApi.list(page, pesquisa) });
