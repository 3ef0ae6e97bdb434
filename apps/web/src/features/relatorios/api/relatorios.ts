import { relatorioContracts as c, type ContractResult, type MesAno } from '@bg/domain';
import { call, fileUrl } from '../../../lib/api-contract';

export type Faturamento = ContractResult<typeof c.getFaturamento>;
export type FaturamentoItem = Faturamento['data'][number];
export type FaturamentoMes = Faturamento['meses'][number];
export type Fechamento = ContractResult<typeof c.getFechamento>['data'];

export const getFaturamento = (periodo: MesAno) => call(c.getFaturamento, { query: periodo });

/** The month's CSV, fetched with the session's token: answers an object URL to download. */
export const faturamentoCsvUrl = (periodo: MesAno) => fileUrl(c.getFaturamentoCsv, { query: periodo });

export const getFechamento = (periodo: MesAno, empresaId: number) =>
  call(c.getFechamento, { query: { ...periodo, empresa_id: empresaId } }).then((r) => r.data);

export const fechamentoPdfUrl = (periodo: MesAno, empresaId: number) => fileUrl(c.getFechamentoPdf, { query: { ...periodo, empresa_id: empresaId } });
