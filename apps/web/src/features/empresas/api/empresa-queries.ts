import { queryOptions } from '@tanstack/react-query';
import { usePagedList } from '../../../lib/use-paged-list';
import { contasDeCobranca } from './empresa-conta';
import { empresasApi } from './empresas';

/** The empresas feature's query keys (decision 102): screens refetch through these, never literals. */
export const empresaKeys = {
  /**
   * Every page of the list. Also the root of lib/lookups' empresas select (`['empresas',
   * 'select']`), so invalidating it after a save, a block or an enable refreshes the selects too.
   */
  all: ['empresas'] as const,
  detail: (id: number | null) => ['empresa', id] as const,
  /** The contas de cobrança a shop may use (decision 126). */
  contas: ['empresa', 'contas-cobranca'] as const,
};

export const contasDeCobrancaQuery = () => queryOptions({ queryKey: empresaKeys.contas, queryFn: contasDeCobranca });

/** One empresa for its edit form; nothing to load for a new one (id null). */
export const empresaQuery = (id: number | null) =>
  queryOptions({ queryKey: empresaKeys.detail(id), queryFn: () => empresasApi.get(id!), enabled: id !== null });

/** Administração > Empresas: the list searched by name. */
export const useEmpresasList = () => usePagedList({ key: empresaKeys.all, fetch: ({ page, pesquisa }) => empresasApi.list(page, pesquisa) });
