import { queryOptions } from '@tanstack/react-query';
import type { AntecipacaoSituacao } from '@bg/domain';
import { usePagedList } from '../../../lib/use-paged-list';
import { getAntecipacao, listAntecipacoes, simular, type AntecipacaoRow } from './antecipacoes';

/** The list's filters ('' = all); they apply at once, there is no search text. */
export type AntecipacaoFilters = { situacao: AntecipacaoSituacao | ''; empresa_id: string };

/** The antecipações feature's query keys (decision 102). */
export const antecipacaoKeys = {
  /** Every page of Antecipações (and, by prefix, the keys below). */
  all: ['antecipacoes'] as const,
  detail: (id: number) => ['antecipacoes', 'detalhe', id] as const,
  simulacao: ['antecipacoes', 'simulacao'] as const,
  /** The simulation of one shop, as an administrador looks at it. */
  simulacaoDaLoja: (empresaId: number) => ['antecipacoes', 'simulacao', empresaId] as const,
};

/** An advance with the figures stored for it. */
export const antecipacaoQuery = (id: number) => queryOptions({ queryKey: antecipacaoKeys.detail(id), queryFn: () => getAntecipacao(id) });

/**
 * The empresa's simulation. Not read again on window focus: the request sends back the figures on
 * screen, so they must not change under the user (a 409 reloads them on purpose).
 */
export const simulacaoQuery = () => queryOptions({ queryKey: antecipacaoKeys.simulacao, queryFn: () => simular(), refetchOnWindowFocus: false });

/** A shop's simulation for an administrador (read only: nothing is sent from it). */
export const simulacaoDaLojaQuery = (empresaId: number) =>
  queryOptions({ queryKey: antecipacaoKeys.simulacaoDaLoja(empresaId), queryFn: () => simular(empresaId) });

/** Antecipações with the Situação and Loja filters. */
export const useAntecipacoesList = () =>
  usePagedList<AntecipacaoRow, AntecipacaoFilters>({
    key: antecipacaoKeys.all,
    fetch: ({ page, situacao, empresa_id }) => listAntecipacoes({ page, situacao, empresa_id }),
    filters: { situacao: '', empresa_id: '' },
  });
