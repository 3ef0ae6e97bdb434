import { useState } from 'react';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { PagedResult } from '@bg/domain';

/** What a list endpoint is asked: the page, the search text and the screen's own filters. */
export type PagedListParams<F> = { page: number; pesquisa: string } & F;

export interface PagedListOptions<R, F> {
  /**
   * The list's key from its feature's key factory (`empresaKeys.all`): each page is cached under
   * `[...key, params]`, so invalidating `key` refetches every page of the list.
   */
  key: QueryKey;
  fetch: (params: PagedListParams<F>) => Promise<PagedResult<R>>;
  /** The filters besides the search text (Loja, Situação…), with their initial values. */
  filters?: F;
}

/**
 * State of a list screen (HOUSE-STYLE habit 4, spec §2 "Lists in general"): page, search text sent
 * on Enter / Filtrar, filters, and the query — keyed by all of them and keeping the previous page on
 * screen while the next one loads. Any new search or filter goes back to page 1.
 *
 *   const list = usePagedList({ key: pessoaKeys.all, fetch: ({ page, pesquisa }) => pessoasApi.list(page, pesquisa) });
 *   <SearchBox {...list.searchProps} />
 *   <PagedTable {...list.tableProps} columns={…} rowKey={…} />
 */
export function usePagedList<R, F extends object = Record<never, never>>({ key, fetch, filters: initialFilters }: PagedListOptions<R, F>) {
  const [state, setState] = useState({ page: 1, pesquisa: '', filters: (initialFilters ?? {}) as F });
  const params = { page: state.page, pesquisa: state.pesquisa, ...state.filters } as PagedListParams<F>;
  const query = useQuery({ queryKey: [...key, params], queryFn: () => fetch(params), placeholderData: keepPreviousData });

  const setPage = (page: number) => setState((s) => ({ ...s, page }));
  /** A new search text (Enter / Filtrar), optionally applying filters chosen beside it. */
  const search = (pesquisa: string, filters?: Partial<F>) => setState((s) => ({ page: 1, pesquisa, filters: { ...s.filters, ...filters } }));
  /** Filters that apply at once (a select changed). */
  const setFilters = (patch: Partial<F>) => setState((s) => ({ ...s, page: 1, filters: { ...s.filters, ...patch } }));

  return {
    page: state.page,
    pesquisa: state.pesquisa,
    filters: state.filters,
    query,
    setPage,
    search,
    setFilters,
    /** Spread into PagedTable. */
    tableProps: { result: query.data, loading: query.isFetching, onPage: setPage },
    /** Spread into SearchBox. */
    searchProps: { onSearch: (text: string) => search(text), loading: query.isFetching },
  };
}
