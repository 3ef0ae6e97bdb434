import type { PagedResult } from '@bg/domain';
import { api, apiBlobUrl } from '../../../lib/api-client';

export type GarantiaImpressao = {
  id: number;
  digito: number;
  data: string;
  status: string;
  libera_boleto: 'S' | 'N';
  situacao: string;
  qtd_titulo: number;
  fantasia: string;
  nome_razao: string;
  cpf_cnpj: string;
};
export type ParcelaImpressao = { id: number; digito: number; parcela: number; valor: number; vencimento: string; situacao: string | null; linha_digitavel: string | null };

export const listGarantiasImpressao = (page: number, pesquisa: string) =>
  api<PagedResult<GarantiaImpressao>>('/api/boleto/getGarantiasImpressao', { query: { page, pesquisa } });

export const getGarantiaImpressao = (id: number) =>
  api<{ data: GarantiaImpressao & { boletos: ParcelaImpressao[] } }>(`/api/boleto/getGarantiaImpressao/${id}`).then((r) => r.data);

/** Duplicata upload of the garantias feature (multipart: garantia_id first, then the files). */
export function uploadDuplicatas(garantiaId: number, files: File[]) {
  const form = new FormData();
  form.append('garantia_id', String(garantiaId));
  for (const f of files) form.append('arquivo', f);
  return api('/api/garantia/uploadDuplicata', { method: 'POST', form });
}

/**
 * Opens a PDF of the API in a new tab. The tab is opened before the request so the browser counts
 * it as a reaction to the click (no popup blocker), then pointed at the downloaded file.
 */
export async function openPdf(path: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = await apiBlobUrl(path);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (err) {
    tab?.close();
    throw err;
  }
}
