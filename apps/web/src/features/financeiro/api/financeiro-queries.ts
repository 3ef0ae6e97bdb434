import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { usePagedList } from '../../../lib/use-paged-list';
import { getExtrato, getPosicaoLoja, getRepasses, getSaldosLojas, type ExtratoFiltro, type RepassesFiltro } from './financeiro';

/**
 * The financeiro feature's query keys (decision 102). A repasse changes the Extrato, the shops'
 * balances and the list of repasses: registering one invalidates `all`.
 */
const ALL = ['financeiro'] as const;
export const financeiroKeys = {
  all: ALL,
  extrato: (f: ExtratoFiltro) => [...ALL, 'extrato', f] as const,
  saldos: [...ALL, 'saldos'] as const,
  posicao: (empresaId: number | null) => [...ALL, 'posicao', empresaId] as const,
  repasses: [...ALL, 'repasses'] as const,
};

/**
 * The Extrato, a page at a time (keyset: each page continues after the previous one's last
 * movement, with its running balance). Nothing is asked before a shop is known (`enabled`).
 */
export const extratoQuery = (f: ExtratoFiltro, enabled: boolean) =>
  infiniteQueryOptions({
    queryKey: financeiroKeys.extrato(f),
    queryFn: ({ pageParam }) => getExtrato(f, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.proximo,
    enabled,
  });

/** What the guarantor and one shop owe each other now (the repasse form's limit). */
export const posicaoLojaQuery = (empresaId: number | null) =>
  queryOptions({ queryKey: financeiroKeys.posicao(empresaId), queryFn: () => getPosicaoLoja(Number(empresaId)), enabled: empresaId !== null });

export const useSaldosLojasList = () =>
  usePagedList({
    key: financeiroKeys.saldos,
    fetch: ({ page, pesquisa, somenteARepassar }) => getSaldosLojas(page, pesquisa, somenteARepassar),
    filters: { somenteARepassar: true },
  });

export const useRepassesList = () =>
  usePagedList({
    key: financeiroKeys.repasses,
    fetch: ({ page, ...f }: { page: number } & RepassesFiltro) => getRepasses(page, f),
    filters: { empresaId: null, de: '', ate: '' } as RepassesFiltro,
  });
