import type { PagedResult } from '@bg/domain';
import { api } from '../../../lib/api-client';

export type BoletoRow = {
  id: number;
  digito: number;
  parcela: number;
  valor: number;
  valor_atualizado: number;
  vencimento: string;
  situacao: string;
  garantia_id: number;
  garantia_digito: number;
  fantasia: string;
  nome_razao: string;
  cpf_cnpj: string;
};
export type HistoricoRow = { id: number; de: string | null; para: string; motivo: string | null; usuario: string | null; created_at: string };

export const listBoletos = (query: { page: number; pesquisa?: string; situacao?: string; empresa_id?: string }) =>
  api<PagedResult<BoletoRow>>('/api/boleto/getAllPaginate', { query });

export const getBoleto = (id: number) => api<{ data: BoletoRow & { historico: HistoricoRow[] } }>(`/api/boleto/getById/${id}`).then((r) => r.data);

export const empresasForSelect = () => api<{ data: { value: number; label: string }[] }>('/api/empresa/dataForSelect').then((r) => r.data);

export type BoletoAction = 'quitar' | 'baixar' | 'cancelar' | 'marcarQuitado';
export const boletoAction = (action: BoletoAction, id: number) =>
  api<{ data: { to: string; comprovante_token?: string } }>(`/api/boleto/${action}/${id}`, { method: 'POST', body: {} });

/** "update" of the spec: new due date and value (registered by the guarantees feature). */
export const updateBoleto = (id: number, body: { vencimento: string; valor: number }) => api(`/api/boleto/update/${id}`, { method: 'POST', body });

/** Opens the public receipt in a new tab (opened synchronously by the caller's click). */
export function comprovanteUrl(token: string): string {
  return `/api/boleto/getComprovante/${encodeURIComponent(token)}`;
}
