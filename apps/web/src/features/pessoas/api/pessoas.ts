import { pessoaContracts as c, type ContractInput, type ContractResult } from '@bg/domain';
import { call, upload } from '../../../lib/api-contract';

/** A row of the people list. */
export type PessoaRow = ContractResult<typeof c.getAllPaginate>['data'][number];
/** A person as getById answers it. */
export type Pessoa = ContractResult<typeof c.getById>['data'];
export type PessoaBody = ContractInput<typeof c.update>['body'];
export type Telefone = ContractResult<typeof c.getTelefones>['data'][number];
export type TelefoneBody = ContractInput<typeof c.adicionaTelefone>['body'];
export type Documento = ContractResult<typeof c.getDocumentacao>['data'][number];

export const pessoasApi = {
  list: (page: number, pesquisa: string) => call(c.getAllPaginate, { query: { page, pesquisa } }),
  get: (id: number) => call(c.getById, { params: { id } }).then((b) => b.data),
  update: (id: number, body: PessoaBody) => call(c.update, { params: { id }, body }),
  telefones: (id: number) => call(c.getTelefones, { params: { id } }).then((b) => b.data),
  adicionaTelefone: (body: TelefoneBody) => call(c.adicionaTelefone, { body }),
  deletaTelefone: (id: number) => call(c.deletaTelefone, { params: { id } }),
  documentos: (id: number) => call(c.getDocumentacao, { params: { id } }).then((b) => b.data),
  uploadDocumentos: (pessoaId: number, files: File[]) => {
    const form = new FormData();
    form.append('pessoa_id', String(pessoaId)); // before the files: the server reads fields first
    for (const f of files) form.append(c.uploadDocumento.multipart.files, f);
    return upload(c.uploadDocumento, form);
  },
};
