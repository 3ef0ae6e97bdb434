import { boletoAvulsoContracts as c, type BoletoAvulsoInput, type BoletoAvulsoSituacao, type ContractResult } from '@bg/domain';
import { call, fileUrl } from '../../../lib/api-contract';

export type BoletoAvulsoRow = ContractResult<typeof c.getAllPaginate>['data'][number];
export type Pagador = NonNullable<ContractResult<typeof c.getByCpfCnpj>['data']>;
export type AvulsoFilters = { situacao: BoletoAvulsoSituacao | ''; empresa_id: string };

export const listBoletosAvulsos = ({ page, pesquisa, situacao, empresa_id }: { page: number; pesquisa: string } & AvulsoFilters) =>
  call(c.getAllPaginate, { query: { page, pesquisa, situacao, empresa_id } });

/** A known payer for the form (null when the document is unknown). */
export const pagadorByCpfCnpj = (cpf_cnpj: string) => call(c.getByCpfCnpj, { body: { cpf_cnpj } }).then((r) => r.data);

export const createBoletoAvulso = (body: BoletoAvulsoInput) => call(c.create, { body });

/** The slip's PDF as an object URL (the session's token goes with the request). */
export const boletoAvulsoPdf = (id: number) => fileUrl(c.getBoleto, { params: { id } });

