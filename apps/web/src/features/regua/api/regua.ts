import { reguaContracts as c, type ContractResult, type ReguaCanal, type ReguaSalvarInput } from '@bg/domain';
import { call } from '../../../lib/api-contract';

/** A régua as the screen edits it (the default, or a shop's own / the default it follows). */
export type Regua = ContractResult<typeof c.get>['data'];
export type ProximoEnvio = ContractResult<typeof c.proximosEnvios>['data'][number];
export type EficaciaEtapa = ContractResult<typeof c.eficacia>['data'][number];
export type Contestacao = ContractResult<typeof c.contestacoes>['data'][number];

export type ProximosFiltros = { data: string; empresa_id: string; canal: ReguaCanal | ''; dias: string };
export type ContestacoesFiltro = { situacao: 'abertas' | 'encerradas' };

export const reguaApi = {
  get: (empresaId: number | null) => call(c.get, { query: { empresa_id: empresaId ?? '' } }).then((r) => r.data),
  salvar: (empresaId: number | null, input: ReguaSalvarInput) => call(c.salvar, { body: { empresa_id: empresaId, ...input } }),
  restaurarPadrao: (empresaId: number) => call(c.restaurarPadrao, { params: { id: empresaId } }),
  executar: () => call(c.executar),
  proximos: ({ page, pesquisa, data, empresa_id, canal, dias }: { page: number; pesquisa: string } & ProximosFiltros) =>
    call(c.proximosEnvios, { query: { page, pesquisa, data, empresa_id, canal, dias } }),
  eficacia: (de: string, ate: string) => call(c.eficacia, { query: { de, ate } }).then((r) => r.data),
  contestacoes: ({ page, situacao }: { page: number } & ContestacoesFiltro) => call(c.contestacoes, { query: { page, situacao } }),
  contestar: (boletoId: number, motivo: string) => call(c.contestar, { body: { boleto_id: boletoId, motivo } }),
  encerrar: (id: number, motivo: string) => call(c.encerrarContestacao, { params: { id }, body: { motivo } }),
};
