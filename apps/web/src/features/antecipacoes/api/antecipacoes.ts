import { antecipacaoContracts as c, type ContractInput, type ContractResult } from '@bg/domain';
import { call, fileUrl } from '../../../lib/api-contract';

/** "Simulação da Antecipação" as the API answers it (figures by simulateAdvance, in reais). */
export type Simulacao = ContractResult<typeof c.simulaAntecipacao>;
export type SimulacaoBoleto = Simulacao['boletos'][number];
export type SimulacaoTotais = NonNullable<Simulacao['totais']>;
export type AntecipacaoRow = ContractResult<typeof c.getAllAntecipacao>['data'][number];
export type AntecipacaoDetalhe = ContractResult<typeof c.getAntecipacao>['data'];
export type AntecipacaoListQuery = ContractInput<typeof c.getAllAntecipacao>['query'];

/** The own empresa's simulation; an administrador names the shop it looks at (read only). */
export const simular = (empresaId?: number) => call(c.simulaAntecipacao, { query: empresaId ? { empresa_id: empresaId } : {} });

/** Sends the figures the screen showed; the server refuses them (409) if they no longer hold. */
export const enviarSolicitacao = (boletos: SimulacaoBoleto[], totais: SimulacaoTotais) =>
  call(c.createAntecipacao, {
    body: {
      data_simulacao: totais.data_simulacao,
      boletos: boletos.map((b) => ({ id: b.id, valor: b.valor, vencimento: b.vencimento, prorata: b.prorata })),
      totais,
    },
  });

export const listAntecipacoes = (query: AntecipacaoListQuery) => call(c.getAllAntecipacao, { query });

export const getAntecipacao = (id: number) => call(c.getAntecipacao, { params: { id } }).then((r) => r.data);

export const aprovar = (id: number) => call(c.aprovaAntecipacao, { params: { id } });

export const negar = (id: number) => call(c.negaAntecipacao, { params: { id } });

/** The advance document (PDF), fetched with the session's token: answers an object URL. */
export const documentoUrl = (id: number) => fileUrl(c.getAntecipacaoDocumento, { params: { id } });

