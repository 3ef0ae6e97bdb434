import { usePagedList } from '../../../lib/use-paged-list';
import { auditoriaApi } from './auditoria';

/** The auditoria feature's query keys (decision 102). */
export const auditoriaKeys = {
  /** Every page of Auditoria. */
  all: ['auditoria'] as const,
};

/** Auditoria, searched by action, entity or user. */
export const useAuditoriaList = () => usePagedList({ key: auditoriaKeys.all, fetch: ({ page, pesquisa }) => auditoriaApi.list(page, pesquisa) });
