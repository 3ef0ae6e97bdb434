import { usuarioContracts as c, type ContractInput, type ContractResult } from '@bg/domain';
import { call } from '../../../lib/api-contract';

/** A user as the list and getById answer it. */
export type Usuario = ContractResult<typeof c.getById>['data'];
export type UsuarioCreateBody = ContractInput<typeof c.create>['body'];
export type UsuarioUpdateBody = ContractInput<typeof c.update>['body'];

export const usuariosApi = {
  list: (page: number, filtro: string) => call(c.getAllPaginate, { query: { page, filtro } }),
  get: (id: number) => call(c.getById, { params: { id } }).then((b) => b.data),
  create: (body: UsuarioCreateBody) => call(c.create, { body }),
  update: (id: number, body: UsuarioUpdateBody) => call(c.update, { params: { id }, body }),
  disable: (id: number) => call(c.disable, { params: { id } }),
  enable: (id: number) => call(c.enable, { params: { id } }),
};
