import { usePagedList } from '../../../lib/use-paged-list';
import { lgpdApi } from './lgpd';

/** The LGPD feature's query keys (decision 102). */
export const lgpdKeys = {
  /** Every page of one person's access log. */
  acessos: (pessoaId: number) => ['lgpd-acessos', pessoaId] as const,
};

/** Who viewed one person's data, most recent first. */
export const useAcessosList = (pessoaId: number) => usePagedList({ key: lgpdKeys.acessos(pessoaId), fetch: ({ page }) => lgpdApi.acessos(pessoaId, page) });
