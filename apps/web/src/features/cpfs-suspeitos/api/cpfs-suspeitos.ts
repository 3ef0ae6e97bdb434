import { cpfSuspeitoContracts as c, type ContractInput, type ContractResult } from '@bg/domain';
import { call } from '../../../lib/api-contract';

/** A row of the suspect list. */
export type CpfSuspeito = ContractResult<typeof c.getAllPaginate>['data'][number];
export type CpfSuspeitoBody = ContractInput<typeof c.create>['body'];

export const cpfsSuspeitosApi = {
  list: (page: number, pesquisa: string) => call(c.getAllPaginate, { query: { page, pesquisa } }),
  create: (body: CpfSuspeitoBody) => call(c.create, { body }),
  remove: (id: number) => call(c.delete, { params: { id } }),
};
