import { usePagedList } from '../../../lib/use-paged-list';
import { listRecebimentos } from './recebimentos';

/** The recebimentos feature's query keys (decision 102). */
export const recebimentoKeys = {
  /** Every page of Recebimentos. */
  all: ['recebimentos'] as const,
};

/** Recebimentos, searched by name or CPF/CNPJ. */
export const useRecebimentosList = () => usePagedList({ key: recebimentoKeys.all, fetch: ({ page, pesquisa }) => listRecebimentos(page, pesquisa) });
