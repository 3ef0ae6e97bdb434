import { boletoContracts as c, garantiaContracts, type ContractResult } from '@bg/domain';
import { call, fileUrl, upload } from '../../../lib/api-contract';
import { withNewTab } from '../../../lib/new-tab';

/** A guarantee of Impressão de Boletos. */
export type GarantiaImpressao = ContractResult<typeof c.getGarantiasImpressao>['data'][number];
/** An instalment of Boletos da Garantia. */
export type ParcelaImpressao = ContractResult<typeof c.getGarantiaImpressao>['data']['boletos'][number];

export const listGarantiasImpressao = (page: number, pesquisa: string) => call(c.getGarantiasImpressao, { query: { page, pesquisa } });

export const getGarantiaImpressao = (id: number) => call(c.getGarantiaImpressao, { params: { id } }).then((r) => r.data);

/** Duplicata upload of the garantias feature (multipart: garantia_id first, then the files). */
export function uploadDuplicatas(garantiaId: number, files: File[]) {
  const form = new FormData();
  form.append('garantia_id', String(garantiaId));
  for (const f of files) form.append('arquivo', f);
  return upload(garantiaContracts.uploadDuplicata, form);
}

/** The PDFs of the screen, each fetched with the session's token (answers an object URL). */
export const pdfs = {
  boleto: (id: number) => fileUrl(c.getBoleto, { params: { id } }),
  carne: (garantiaId: number) => fileUrl(c.getCarneBoleto, { params: { id: garantiaId, via: 1 } }),
  duplicatas: (garantiaId: number) => fileUrl(c.getDuplicataAll, { params: { id: garantiaId } }),
};

/** Opens a PDF of the API in a new tab once it arrived (withNewTab: no blank tab when it fails). */
export function openPdf(load: () => Promise<string>): Promise<string> {
  return withNewTab(load, (url) => url);
}
