import { auditoriaContracts as c, type ContractResult } from '@bg/domain';
import { call } from '../../../lib/api-contract';

/** One row of Administração > Auditoria. */
export type AuditRow = ContractResult<typeof c.getAllPaginate>['data'][number];

export const auditoriaApi = {
  list: (page: number, pesquisa: string) => call(c.getAllPaginate, { query: { page, pesquisa } }),
};
