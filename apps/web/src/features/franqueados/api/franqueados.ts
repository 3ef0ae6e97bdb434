import { empresaContracts, type ContractResult } from '@bg/domain';
import { call } from '../../../lib/api-contract';

/** A franchisor with its franchisees, as getFranqueados answers it. */
export type Franqueadora = ContractResult<typeof empresaContracts.getFranqueados>['data'][number];
export type Franqueada = Franqueadora['franqueadas'][number];

export const franqueadosApi = {
  list: () => call(empresaContracts.getFranqueados).then((b) => b.data),
};
