import { lgpdContracts as c, type ContractResult } from '@bg/domain';
import { call, fileBlob } from '../../../lib/api-contract';

/** One row of the LGPD access log of a person. */
export type AcessoRow = ContractResult<typeof c.getAcessos>['data'][number];

export const lgpdApi = {
  acessos: (pessoaId: number, page: number) => call(c.getAcessos, { params: { id: pessoaId }, query: { page, per_page: 15 } }),
  /** The titular's data as a file (JSON or PDF); the document is POSTed, never put in the URL. */
  exportar: (cpf_cnpj: string, formato: 'json' | 'pdf') =>
    formato === 'pdf' ? fileBlob(c.exportarPdf, { body: { cpf_cnpj } }) : fileBlob(c.exportar, { body: { cpf_cnpj } }),
};
