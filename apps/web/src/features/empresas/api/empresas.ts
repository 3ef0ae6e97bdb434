import type { PagedResult } from '@bg/domain';
import { api } from '../../../lib/api-client';

export type Empresa = {
  id: number;
  cnpj: string;
  razao: string;
  fantasia: string;
  insc_estadual: string | null;
  cep: string;
  endereco: string;
  numero: string;
  complemento: string | null;
  bairro: string;
  cidade: string;
  uf: string;
  email: string | null;
  tel1: string | null;
  tel2: string | null;
  tel3: string | null;
  responsavel: string | null;
  franqueado_id: number | null;
  /** getById only: the franqueado's name, which a franchisee cannot otherwise read. */
  franqueado_fantasia?: string | null;
  comissao_franqueado: number;
  limite_cpf_cnpj: number | null;
  limite_boleto: number | null;
  valor_consulta: number;
  mensalidade: number;
  taxa_prorrata: number;
  antecipa: 'S' | 'N';
  taxa_antecipacao: number | null;
  qtd_max_parcelas: number;
  simula_venda: 'S' | 'N';
  situacao: string;
  created_at: string;
};

export type SelectOption = { value: number; label: string };

export const empresasApi = {
  list: (page: number, pesquisa: string) => api<PagedResult<Empresa>>('/api/empresa/getAllPaginate', { query: { page, pesquisa } }),
  get: (id: number) => api<{ data: Empresa }>(`/api/empresa/getById/${id}`).then((b) => b.data),
  forSelect: () => api<{ data: SelectOption[] }>('/api/empresa/dataForSelect').then((b) => b.data),
  create: (body: Record<string, unknown>) => api<{ data: { id: number } }>('/api/empresa/create', { method: 'POST', body }),
  update: (id: number, body: Record<string, unknown>) => api(`/api/empresa/update/${id}`, { method: 'POST', body }),
  enable: (id: number) => api(`/api/empresa/enable/${id}`, { method: 'POST' }),
  disable: (id: number) => api(`/api/empresa/disable/${id}`, { method: 'POST' }),
};
