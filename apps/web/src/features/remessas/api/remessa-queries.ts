import { queryOptions } from '@tanstack/react-query';
import { usePagedList } from '../../../lib/use-paged-list';
import { contasDeRemessa, listRemessas } from './remessas';

/** The remessas feature's query keys (decision 102). */
export const remessaKeys = {
  /** Every page of Remessas. */
  all: ['remessas'] as const,
  /** The contas that write remessas (the conta chooser, decision 126). */
  contas: ['remessas', 'contas'] as const,
};

export const contasDeRemessaQuery = () => queryOptions({ queryKey: remessaKeys.contas, queryFn: contasDeRemessa });

/** The remessas generated, newest first, each with its expiring download link. */
export const useRemessasList = () => usePagedList({ key: remessaKeys.all, fetch: listRemessas });
