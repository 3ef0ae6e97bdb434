import { contaCobrancaContracts as c, type ContractInput, type ContractResult } from '@bg/domain';
import { call } from '../../../lib/api-contract';

/** The active account as the screen reads it (null when none is configured). */
export type ContaCobranca = NonNullable<ContractResult<typeof c.get>['data']>;
export type ContaCobrancaBody = ContractInput<typeof c.save>['body'];

export const getContaCobranca = () => call(c.get).then((r) => r.data);
export const saveContaCobranca = (body: ContaCobrancaBody) => call(c.save, { body });
