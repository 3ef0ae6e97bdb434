import { integracaoChavesContracts as c, type ContractResult, type CriarChaveInput } from '@bg/domain';
import { call } from '../../../lib/api-contract';

/** One key as Administração > Integrações lists it (never its secret). */
export type ChaveRow = ContractResult<typeof c.listar>['data'][number];
/** The secret, answered once (create, rotate). */
export type ChaveSegredo = ContractResult<typeof c.criar>['data'];

export type ChaveFilters = { empresa_id: number | null };

export const chavesApi = {
  list: ({ page, empresa_id }: { page: number; pesquisa: string } & ChaveFilters) =>
    call(c.listar, { query: { page, per_page: 15, ...(empresa_id ? { empresa_id } : {}) } }),
  create: (body: CriarChaveInput) => call(c.criar, { body }),
  revoke: (id: number) => call(c.revogar, { params: { id } }),
  rotate: (id: number, sobreposicaoHoras: number) => call(c.rotacionar, { params: { id }, body: { sobreposicao_horas: sobreposicaoHoras } }),
};
