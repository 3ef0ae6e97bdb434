import { queryOptions } from '@tanstack/react-query';
import { usePagedList } from '../../../lib/use-paged-list';
import { usuariosApi } from './usuarios';

/** The usuários feature's query keys (decision 102). */
export const usuarioKeys = {
  /** Every page of Usuários do Sistema. */
  all: ['usuarios'] as const,
  detail: (id: number | null) => ['usuario', id] as const,
};

/** One user for the edit form; nothing to load for a new one (id null). */
export const usuarioQuery = (id: number | null) =>
  queryOptions({ queryKey: usuarioKeys.detail(id), queryFn: () => usuariosApi.get(id!), enabled: id !== null });

/** Usuários do Sistema, searched by name, login or empresa. */
export const useUsuariosList = () => usePagedList({ key: usuarioKeys.all, fetch: ({ page, pesquisa }) => usuariosApi.list(page, pesquisa) });
