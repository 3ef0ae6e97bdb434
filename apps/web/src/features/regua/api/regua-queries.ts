import { queryOptions } from '@tanstack/react-query';
import { usePagedList } from '../../../lib/use-paged-list';
import { reguaApi, type ContestacoesFiltro, type ProximosFiltros } from './regua';

/** The régua feature's query keys (decision 102). */
export const reguaKeys = {
  all: ['regua'] as const,
  regua: (empresaId: number | null) => ['regua', 'etapas', empresaId] as const,
  proximos: ['regua', 'proximos'] as const,
  eficacia: (de: string, ate: string) => ['regua', 'eficacia', de, ate] as const,
  contestacoes: ['regua', 'contestacoes'] as const,
};

export const reguaQuery = (empresaId: number | null) => queryOptions({ queryKey: reguaKeys.regua(empresaId), queryFn: () => reguaApi.get(empresaId) });

export const eficaciaQuery = (de: string, ate: string) => queryOptions({ queryKey: reguaKeys.eficacia(de, ate), queryFn: () => reguaApi.eficacia(de, ate), enabled: de <= ate });

/** Próximos envios with its filters (day, shop, channel, step) and the name/CPF search. */
export const useProximosList = (filters: ProximosFiltros) => usePagedList({ key: reguaKeys.proximos, fetch: reguaApi.proximos, filters });

export const useContestacoesList = (filters: ContestacoesFiltro) => usePagedList({ key: reguaKeys.contestacoes, fetch: reguaApi.contestacoes, filters });
