import type { PagedResult } from '@bg/domain';
import { api } from '../../../lib/api-client';

export type RecebimentoRow = {
  id: number;
  parcela: number;
  valor: number;
  valor_atualizado: number;
  vencimento: string;
  situacao: string;
  garantia_id: number;
  garantia_digito: number;
  nome_razao: string;
  cpf_cnpj: string;
};

/** Receipts list only GARANTIDO boletos of the empresas the user sees. */
export const listRecebimentos = (page: number, pesquisa: string) =>
  api<PagedResult<RecebimentoRow>>('/api/boleto/getAllPaginate', { query: { page, pesquisa, situacao: 'GARANTIDO' } });

export const receber = (id: number) => api<{ data: { comprovante_token: string } }>(`/api/boleto/baixar/${id}`, { method: 'POST', body: {} });
