import type { PagedResult } from '@bg/domain';
import { api } from '../../../lib/api-client';

export type CpfSuspeito = { id: number; cpf_cnpj: string; motivo: string; usuario: string | null; created_at: string };

export const cpfsSuspeitosApi = {
  list: (page: number, pesquisa: string) => api<PagedResult<CpfSuspeito>>('/api/cpfSuspeito/getAllPaginate', { query: { page, pesquisa } }),
  create: (body: { cpf_cnpj: string; motivo: string }) => api('/api/cpfSuspeito/create', { method: 'POST', body }),
  remove: (id: number) => api(`/api/cpfSuspeito/delete/${id}`, { method: 'POST' }),
};
