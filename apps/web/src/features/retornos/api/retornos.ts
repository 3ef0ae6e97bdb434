import { retornoContracts as c, type ContractResult, type RetornoResultado } from '@bg/domain';
import { call } from '../../../lib/api-contract';
import { uploadWithProgress, type UploadProgress } from '../../../lib/upload-progress';

export type RetornoRow = ContractResult<typeof c.getAllPaginate>['data'][number];
export type RetornoDetail = ContractResult<typeof c.getById>['data'];
export type RetornoPrevia = NonNullable<RetornoDetail['previa']>;
export type RetornoItem = ContractResult<typeof c.getItens>['data'][number];

export const listRetornos = ({ page }: { page: number }) => call(c.getAllPaginate, { query: { page } });

export const getRetorno = (id: number) => call(c.getById, { params: { id } }).then((r) => r.data);

export const listItens = (id: number, page: number, resultado: RetornoResultado | '') => call(c.getItens, { params: { id }, query: { page, resultado } });

export const aplicarRetorno = (id: number) => call(c.aplicar, { params: { id } });

/** The file in field "arquivo", with the browser's upload progress. */
export function enviarRetorno(file: File, onProgress: (p: UploadProgress) => void) {
  const form = new FormData();
  form.append(c.create.multipart.files, file);
  return uploadWithProgress(c.create, form, { onProgress });
}
