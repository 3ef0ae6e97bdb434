import { boletoContracts as c, SITUACAO, type ContractResult } from '@bg/domain';
import { call, filePath } from '../../../lib/api-contract';

/** A row of Recebimentos (a GARANTIDO boleto with its Valor Atualizado). */
export type RecebimentoRow = ContractResult<typeof c.getAllPaginate>['data'][number];

/** Receipts list only GARANTIDO boletos of the empresas the user sees. */
export const listRecebimentos = (page: number, pesquisa: string) =>
  call(c.getAllPaginate, { query: { page, pesquisa, situacao: SITUACAO.GARANTIDO } });

export const receber = (id: number) => call(c.baixar, { params: { id }, body: {} });

/** The public receipt's address, by its token. */
export const comprovanteUrl = (token: string) => filePath(c.getComprovante, { token });
