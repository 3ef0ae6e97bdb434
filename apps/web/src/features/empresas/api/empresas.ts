import { empresaContracts as c, type ContractInput, type ContractResult } from '@bg/domain';
import { call } from '../../../lib/api-contract';

/** An empresa as getById answers it. */
export type Empresa = ContractResult<typeof c.getById>['data'];
/** A row of the empresas list. */
export type EmpresaRow = ContractResult<typeof c.getAllPaginate>['data'][number];
export type EmpresaBody = ContractInput<typeof c.create>['body'];

export const empresasApi = {
  list: (page: number, pesquisa: string) => call(c.getAllPaginate, { query: { page, pesquisa } }),
  get: (id: number) => call(c.getById, { params: { id } }).then((b) => b.data),
  create: (body: EmpresaBody) => call(c.create, { body }),
  update: (id: number, body: EmpresaBody) => call(c.update, { params: { id }, body }),
  enable: (id: number) => call(c.enable, { params: { id } }),
  disable: (id: number) => call(c.disable, { params: { id } }),
};
