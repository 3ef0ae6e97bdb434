import { creditoContracts as c, type ContractInput, type ContractResult } from '@bg/domain';
import { call } from '../../../lib/api-contract';

export type PoliticaResumo = ContractResult<typeof c.politicaList>['data'][number];
export type Politica = ContractResult<typeof c.politicaGet>['data'];
export type PoliticaBody = ContractInput<typeof c.rascunhoSalvar>['body'];
export type Simulacao = ContractResult<typeof c.simular>['data'];
export type RevisaoItem = ContractResult<typeof c.revisaoList>['data'][number];

/** The credit policy feature's query keys (decision 102). */
export const creditoKeys = {
  all: ['credito'] as const,
  politicas: ['credito', 'politicas'] as const,
  politica: (id: number) => ['credito', 'politica', id] as const,
  revisoes: (status: string) => ['credito', 'revisoes', status] as const,
};

export const creditoApi = {
  list: () => call(c.politicaList, {}),
  get: (id: number) => call(c.politicaGet, { params: { id } }),
  salvar: (body: PoliticaBody) => call(c.rascunhoSalvar, { body }),
  descartar: (id: number) => call(c.rascunhoDescartar, { params: { id } }),
  publicar: (id: number) => call(c.publicar, { params: { id } }),
  simular: (id: number, meses: number) => call(c.simular, { params: { id }, query: { meses } }),
  revisoes: (status: 'PENDENTE' | 'MANTIDA' | 'REVERTIDA' | 'TODAS') => call(c.revisaoList, { query: { status } }),
  decidir: (id: number, body: ContractInput<typeof c.revisaoDecidir>['body']) => call(c.revisaoDecidir, { params: { id }, body }),
  solicitarRevisao: (garantiaId: number, justificativa?: string) => call(c.revisaoSolicitar, { params: { id: garantiaId }, body: { justificativa } }),
};
