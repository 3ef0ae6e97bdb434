import { bancoContracts as c, type ContractInput, type ContractResult } from '@bg/domain';
import { call } from '../../../lib/api-contract';

/** A conta de cobrança as the bank integration sees it: mode, endpoints, whether each secret is set. */
export type ContaBanco = ContractResult<typeof c.getAllContas>['data'][number];
export type IntegracaoBody = ContractInput<typeof c.saveIntegracao>['body'];
/** "Testar conexão": whether the bank gave a token and answered, and how long it took. */
export type TesteConexao = ContractResult<typeof c.testarConexao>['data'];

/** Every conta, the active one first (secrets never come back). */
export const listContasBanco = () => call(c.getAllContas).then((r) => r.data);

/** Mode, endpoints and credentials of a conta; an empty or absent secret keeps the stored one. */
export const saveIntegracao = (contaId: number, body: IntegracaoBody) => call(c.saveIntegracao, { params: { id: contaId }, body });

/** Asks the bank for a token with the conta's saved credentials. */
export const testarConexao = (contaId: number) => call(c.testarConexao, { params: { id: contaId } });
