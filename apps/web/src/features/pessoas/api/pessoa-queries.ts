import { queryOptions } from '@tanstack/react-query';
import { usePagedList } from '../../../lib/use-paged-list';
import { pessoasApi } from './pessoas';

/** The pessoas feature's query keys (decision 102). */
export const pessoaKeys = {
  /** Every page of Pessoas. */
  all: ['pessoas'] as const,
  detail: (id: number) => ['pessoa', id] as const,
  telefones: (pessoaId: number) => ['telefones', pessoaId] as const,
  documentos: (pessoaId: number) => ['documentos', pessoaId] as const,
};

export const pessoaQuery = (id: number) => queryOptions({ queryKey: pessoaKeys.detail(id), queryFn: () => pessoasApi.get(id) });

export const telefonesQuery = (pessoaId: number) => queryOptions({ queryKey: pessoaKeys.telefones(pessoaId), queryFn: () => pessoasApi.telefones(pessoaId) });

/** The person's documents with their expiring links. */
export const documentosQuery = (pessoaId: number) => queryOptions({ queryKey: pessoaKeys.documentos(pessoaId), queryFn: () => pessoasApi.documentos(pessoaId) });

/** Pessoas, searched by name or document. */
export const usePessoasList = () => usePagedList({ key: pessoaKeys.all, fetch: ({ page, pesquisa }) => pessoasApi.list(page, pesquisa) });
