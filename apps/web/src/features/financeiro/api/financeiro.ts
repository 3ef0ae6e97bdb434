import { financeiroContracts as c, razaoContracts, type ContractResult, type RegistrarRepasseInput } from '@bg/domain';
import { call, fileUrl } from '../../../lib/api-contract';

export type Extrato = ContractResult<typeof c.getExtrato>;
export type ExtratoMovimento = Extrato['data'][number];
export type SaldoLoja = ContractResult<typeof c.getSaldosLojas>['data'][number];
export type Repasse = ContractResult<typeof c.getRepasses>['data'][number];
export type RepasseRegistrado = ContractResult<typeof razaoContracts.registrarRepasse>['data'];

/** The Extrato's filter: the shop (null: the user's own, or none chosen yet) and the period. */
export type ExtratoFiltro = { empresaId: number | null; de: string; ate: string };
export type RepassesFiltro = { empresaId: number | null; de: string; ate: string };

const extratoQuery = (f: ExtratoFiltro) => ({ de: f.de, ate: f.ate, ...(f.empresaId ? { empresa_id: f.empresaId } : {}) });
const repassesQuery = (f: RepassesFiltro) => ({ ...(f.empresaId ? { empresa_id: f.empresaId } : {}), ...(f.de ? { de: f.de } : {}), ...(f.ate ? { ate: f.ate } : {}) });

/** One page of the Extrato; `apos` is the previous page's `proximo`. */
export const getExtrato = (f: ExtratoFiltro, apos: string | null, perPage = 50) =>
  call(c.getExtrato, { query: { ...extratoQuery(f), per_page: perPage, ...(apos ? { apos } : {}) } });

export const extratoCsvUrl = (f: ExtratoFiltro) => fileUrl(c.getExtratoCsv, { query: extratoQuery(f) });
export const extratoPdfUrl = (f: ExtratoFiltro) => fileUrl(c.getExtratoPdf, { query: extratoQuery(f) });

export const getSaldosLojas = (page: number, pesquisa: string, somenteARepassar: boolean) =>
  call(c.getSaldosLojas, { query: { page, per_page: 15, ...(pesquisa ? { pesquisa } : {}), somente_a_repassar: somenteARepassar ? 'S' : 'N' } });

export const getRepasses = (page: number, f: RepassesFiltro) => call(c.getRepasses, { query: { page, per_page: 15, ...repassesQuery(f) } });
export const repassesCsvUrl = (f: RepassesFiltro) => fileUrl(c.getRepassesCsv, { query: repassesQuery(f) });

export const getPosicaoLoja = (empresaId: number) => call(razaoContracts.getPosicaoLoja, { params: { id: empresaId } }).then((r) => r.data);

/** Answers { status, msg, data } (the result dialog shows msg). */
export const registrarRepasse = (input: RegistrarRepasseInput) => call(razaoContracts.registrarRepasse, { body: input });
