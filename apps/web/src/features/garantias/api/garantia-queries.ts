import { queryOptions } from '@tanstack/react-query';
import { usePagedList } from '../../../lib/use-paged-list';
import { garantiasApi, type GarantiaRow, type ListFilters } from './garantias-api';

/** The list's filters besides the search text. */
export type GarantiaFilters = Omit<ListFilters, 'page' | 'pesquisa'>;

/** The garantias feature's query keys (decision 102). */
export const garantiaKeys = {
  /** Every page of Garantias. */
  all: ['garantias'] as const,
  detail: (id: number) => ['garantia', id] as const,
  /** How many documents a Loja's view of a known person has (the wizard's limit of 3). */
  documentCount: (pessoaId: number | null, empresaId: number | null) => ['documentos', pessoaId, 'count', empresaId] as const,
};

/** The guarantee under analysis; an id that is not a positive integer loads nothing. */
export const garantiaQuery = (id: number) =>
  queryOptions({ queryKey: garantiaKeys.detail(id), queryFn: () => garantiasApi.get(id), enabled: Number.isInteger(id) && id > 0 });

/**
 * A known person's document count in the Loja's view (`empresaId`: the Loja an administrador chose;
 * null for a shop, which reads its own only); nothing to count before the lookup found one.
 */
export const documentCountQuery = (pessoaId: number | null, empresaId: number | null) =>
  queryOptions({ queryKey: garantiaKeys.documentCount(pessoaId, empresaId), queryFn: () => garantiasApi.documentCount(pessoaId!, empresaId), enabled: pessoaId !== null });

/** Garantias (administrador) with its Loja, Situação and Duplicatas filters. */
export const useGarantiasList = (filters: GarantiaFilters) => usePagedList<GarantiaRow, GarantiaFilters>({ key: garantiaKeys.all, fetch: garantiasApi.list, filters });
