import { lgpdContracts as c, type ContractResult } from '@bg/domain';
import { ApiError, withSession, type ApiBody } from '../../../lib/api-client';
import { call } from '../../../lib/api-contract';

/** One row of the LGPD access log of a person. */
export type AcessoRow = ContractResult<typeof c.getAcessos>['data'][number];

/**
 * POSTs the document (never in the URL) and answers the file the server sends back: the export
 * endpoints are file contracts answered to a POST, which `fileUrl` (GET) does not cover.
 */
async function postForFile(path: string, body: object): Promise<Blob> {
  const res = await withSession((authorization) =>
    fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    }),
  );
  if (!res.ok) {
    const answer = (await res.json().catch(() => null)) as ApiBody | null;
    throw new ApiError(res.status, answer ?? { status: res.status, msg: 'Ops! Ocorreu um erro.' });
  }
  return res.blob();
}

export const lgpdApi = {
  acessos: (pessoaId: number, page: number) => call(c.getAcessos, { params: { id: pessoaId }, query: { page, per_page: 15 } }),
  exportar: (cpf_cnpj: string, formato: 'json' | 'pdf') => postForFile(formato === 'pdf' ? c.exportarPdf.path : c.exportar.path, { cpf_cnpj }),
};
