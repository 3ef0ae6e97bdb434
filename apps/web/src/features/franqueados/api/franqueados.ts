import { api } from '../../../lib/api-client';

export type Franqueada = { id: number; fantasia: string; cnpj: string; cidade: string; uf: string; situacao: string; comissao_franqueado: number; created_at: string };
export type Franqueadora = { id: number; fantasia: string; razao: string; cnpj: string; situacao: string; franqueadas: Franqueada[] };

export const franqueadosApi = {
  list: () => api<{ data: Franqueadora[] }>('/api/empresa/getFranqueados').then((b) => b.data),
};
