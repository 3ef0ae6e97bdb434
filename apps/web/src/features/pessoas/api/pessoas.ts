import { pessoaContracts as c, type ContractInput, type ContractResult } from '@bg/domain';
import { call, upload } from '../../../lib/api-contract';

/** A row of the people list. */
export type PessoaRow = ContractResult<typeof c.getAllPaginate>['data'][number];
/** A person as getById answers it: the reader's own view flat, every view it may read in `visoes` (decision 104). */
export type Pessoa = ContractResult<typeof c.getById>['data'];
/** One shop's view of the person (or the administradores'), marked by its Loja. */
export type PessoaVisao = Pessoa['visoes'][number];
export type PessoaBody = ContractInput<typeof c.update>['body'];
export type IdentidadeBody = ContractInput<typeof c.updateIdentidade>['body'];
export type Telefone = ContractResult<typeof c.getTelefones>['data'][number];
export type TelefoneBody = ContractInput<typeof c.adicionaTelefone>['body'];
export type Documento = ContractResult<typeof c.getDocumentacao>['data'][number];

export const pessoasApi = {
  list: (page: number, pesquisa: string) => call(c.getAllPaginate, { query: { page, pesquisa } }),
  get: (id: number) => call(c.getById, { params: { id } }).then((b) => b.data),
  update: (id: number, body: PessoaBody) => call(c.update, { params: { id }, body }),
  updateIdentidade: (id: number, body: IdentidadeBody) => call(c.updateIdentidade, { params: { id }, body }),
  /** One page of the extra phones (the paging shape of every list). */
  telefones: (id: number, page: number) => call(c.getTelefones, { params: { id }, query: { page } }),
  adicionaTelefone: (body: TelefoneBody) => call(c.adicionaTelefone, { body }),
  deletaTelefone: (id: number) => call(c.deletaTelefone, { params: { id } }),
  documentos: (id: number) => call(c.getDocumentacao, { params: { id } }).then((b) => b.data),
  /** `empresaId`: the shop's view an administrador uploads to (null: the administradores' own). */
  uploadDocumentos: (pessoaId: number, files: File[], empresaId: number | null = null) => {
    const form = new FormData();
    // text fields before the files: the server reads fields first
    form.append('pessoa_id', String(pessoaId));
    if (empresaId !== null) form.append('empresa_id', String(empresaId));
    for (const f of files) form.append(c.uploadDocumento.multipart.files, f);
    return upload(c.uploadDocumento, form);
  },
};
