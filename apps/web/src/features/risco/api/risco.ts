import { riscoContracts as c, type ContractResult, type FaixaRisco, type RiscoQuadro } from '@bg/domain';
import { call, fileUrl } from '../../../lib/api-contract';

export type Periodo = { de?: string; ate?: string };
export type Exposicao = ContractResult<typeof c.getExposicao>['data'];
export type Vintage = ContractResult<typeof c.getVintage>['data'];
export type Rolagem = ContractResult<typeof c.getRolagem>['data'];
export type PrimeiroPagamento = ContractResult<typeof c.getPrimeiroPagamento>['data'];
export type CuraAcordo = ContractResult<typeof c.getCuraAcordo>['data'];
export type Perdas = ContractResult<typeof c.getPerdas>['data'];
export type Provisoes = ContractResult<typeof c.getProvisoes>['data'];

export const getExposicao = () => call(c.getExposicao).then((r) => r.data);
export const getVintage = (p: Periodo) => call(c.getVintage, { query: p }).then((r) => r.data);
export const getRolagem = (mes?: string) => call(c.getRolagem, { query: mes ? { mes } : {} }).then((r) => r.data);
export const getPrimeiroPagamento = (p: Periodo) => call(c.getPrimeiroPagamento, { query: p }).then((r) => r.data);
export const getCuraAcordo = (p: Periodo) => call(c.getCuraAcordo, { query: p }).then((r) => r.data);
export const getPerdas = (p: Periodo) => call(c.getPerdas, { query: p }).then((r) => r.data);
export const getProvisoes = () => call(c.getProvisoes).then((r) => r.data);
export const salvarFaixas = (faixas: { faixa: FaixaRisco; percentual: number }[]) => call(c.salvarFaixasProvisao, { body: { faixas } });
export const restaurarFaixas = () => call(c.restaurarFaixasProvisao);
export const atualizarRisco = () => call(c.atualizar);

/** One table of the screen as CSV, fetched with the session's token: answers an object URL. */
export const riscoCsvUrl = (quadro: RiscoQuadro, filtro: Periodo & { mes?: string } = {}) => fileUrl(c.getCsv, { query: { quadro, ...filtro } });
