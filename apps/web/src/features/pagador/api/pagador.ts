import { pagadorContracts as c, type ContractResult } from '@bg/domain';
import { call } from '../../../lib/api-contract';

/**
 * The payer page's calls (public, no login): the client sends no token, and their refusals (404 with
 * one message for every failed identification, 429) never trigger a logout.
 */
export type PagadorPagina = ContractResult<typeof c.boletos>['data'];
export type PagadorBoleto = PagadorPagina['boletos'][number];
export type PagadorAcesso = ContractResult<typeof c.acessos>['data'][number];

export const pagadorApi = {
  identificar: (body: { documento?: string; data?: string; codigo?: string }) => call(c.identificar, { body }).then((r) => r.data),
  boletos: (sessao: string) => call(c.boletos, { body: { sessao } }).then((r) => r.data),
  preferencias: (sessao: string, canais: { whatsapp: boolean; email: boolean }) => call(c.preferencias, { body: { sessao, ...canais } }),
  acessos: (pessoaId: number, page: number) => call(c.acessos, { params: { id: pessoaId }, query: { page, per_page: 15 } }),
};
