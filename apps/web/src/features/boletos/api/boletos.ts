import { boletoContracts as c, garantiaContracts, type ContractInput, type ContractResult } from '@bg/domain';
import { call, filePath } from '../../../lib/api-contract';

/** A row of Boletos Garantidos. */
export type BoletoRow = ContractResult<typeof c.getAllPaginate>['data'][number];
/** One change of situação in the boleto's history. */
export type HistoricoRow = ContractResult<typeof c.getById>['data']['historico'][number];
export type BoletoListQuery = ContractInput<typeof c.getAllPaginate>['query'];

export const listBoletos = (query: BoletoListQuery) => call(c.getAllPaginate, { query });

export const getBoleto = (id: number) => call(c.getById, { params: { id } }).then((r) => r.data);


export type BoletoAction = 'quitar' | 'baixar' | 'cancelar' | 'marcarQuitado';
export const boletoAction = (action: BoletoAction, id: number) => call(c[action], { params: { id }, body: {} });

export type UpdateBoletoBody = ContractInput<typeof garantiaContracts.updateBoleto>['body'];
/** "update" of the spec: new due date and value (registered by the guarantees feature). */
export const updateBoleto = (id: number, body: UpdateBoletoBody) => call(garantiaContracts.updateBoleto, { params: { id }, body });

/** The public receipt's address (the caller opens it in a new tab once the receipt exists). */
export function comprovanteUrl(token: string): string {
  return filePath(c.getComprovante, { token });
}
