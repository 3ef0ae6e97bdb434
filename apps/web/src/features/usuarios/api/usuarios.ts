import type { PagedResult } from '@bg/domain';
import { api } from '../../../lib/api-client';

export type Usuario = {
  id: number;
  name: string;
  login: string;
  email: string | null;
  nivel: '1' | '2' | '3';
  setor: string | null;
  empresa_id: number | null;
  empresa: string | null;
  situacao: string;
  created_at: string;
};

export const usuariosApi = {
  list: (page: number, filtro: string) => api<PagedResult<Usuario>>('/api/usuario/getAllPaginate', { query: { page, filtro } }),
  get: (id: number) => api<{ data: Usuario }>(`/api/usuario/getById/${id}`).then((b) => b.data),
  create: (body: Record<string, unknown>) => api<{ data: { id: number } }>('/api/usuario/create', { method: 'POST', body }),
  update: (id: number, body: Record<string, unknown>) => api(`/api/usuario/update/${id}`, { method: 'POST', body }),
  disable: (id: number) => api(`/api/usuario/disable/${id}`, { method: 'POST' }),
  enable: (id: number) => api(`/api/usuario/enable/${id}`, { method: 'POST' }),
  empresas: () => api<{ data: { value: number; label: string }[] }>('/api/empresa/dataForSelect').then((b) => b.data),
};
