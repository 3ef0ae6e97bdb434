import { queryOptions } from '@tanstack/react-query';
import { usePagedList } from '../../../lib/use-paged-list';
import { pessoasApi } from './pessoas';

/** The pessoas feature's query keys (decision 102). */
export const pessoaKeys = {
  /** Every page of Pessoas. */
  all: ['pessoas'] as const,
  detail: (id: number) => ['pessoa', id] as const,
  /** Every page of a person's extra phones. */
  telefones: (pessoaId: number) => ['telefones', pessoaId] as const,
  documentos: (pessoaId: number) => ['documentos', pessoaId] as const,
};

export const pessoaQuery = (id: number) => queryOptions({ queryKey: pessoaKeys.detail(id), queryFn: () => pessoasApi.get(id) });

/** The person's documents in the views the user may read, with their expiring links. */
export const documentosQuery = (pessoaId: number) => queryOptions({ queryKey: pessoaKeys.documentos(pessoaId), queryFn: () => pessoasApi.documentos(pessoaId) });

/** Pessoas, searched by name or document. */
export const usePessoasList = () => usePagedList({ key: pessoaKeys.all, fetch: ({ page, pesquisa }) => pessoasApi.list(page, pesquisa) });

/** A person's extra phones, page by page (getTelefones is paged like every list). */
export const useTelefonesList = (pessoaId: number) =>
  usePagedList({ key: pessoaKeys.telefones(pessoaId), fetch: ({ page }) => pessoasApi.telefones(pessoaId, page) });
