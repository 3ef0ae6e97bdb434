import {
  acordoContracts as ac,
  cobrancaContracts as c,
  type AcordoStatus,
  type AgendamentoStatus,
  type ContractInput,
  type ContractResult,
  type ParcelaSituacao,
} from '@bg/domain';
import { call, fileUrl } from '../../../lib/api-contract';

export type InadimplenteRow = ContractResult<typeof c.getInadimplentes>['data'][number];
export type InadimplenteDetail = ContractResult<typeof c.getInadimplenteById>['data'];
export type BoletoPendente = InadimplenteDetail['boletos'][number];
export type AcordoResumo = InadimplenteDetail['acordos'][number];
export type AgendamentoRow = ContractResult<typeof c.getAllNotesPaginate>['data'][number];
export type Operador = ContractResult<typeof c.getOperadores>['data'][number];
export type AcordoParcelaRow = ContractResult<typeof ac.getAll>['data'][number];
export type AcordoDetail = ContractResult<typeof ac.getById>['data'];
export type AcordoCreateRequest = ContractInput<typeof ac.create>['body'];
export type AgendamentoRequest = ContractInput<typeof c.createNote>['body'];

/** The Agendamentos filters as the screen holds them ('' = all). */
export type AgendamentoFilters = { mes: string; usuario_id: string; status: AgendamentoStatus | '' };
/** The Acordos filters ('' = every month / situação). */
export type AcordoFilters = { mes: string; situacao: ParcelaSituacao | '' };

/** An acordo that still takes payments or a cancellation (spec §4 Settlement). */
export const acordoVigente = (status: AcordoStatus) => status === 'Aguardando Ativação' || status === 'ATIVO';

export const cobrancaApi = {
  inadimplentes: (page: number, pesquisa: string) => call(c.getInadimplentes, { query: { page, pesquisa } }),
  inadimplente: (id: number) => call(c.getInadimplenteById, { params: { id } }).then((r) => r.data),
  agendamentos: (page: number, pesquisa: string, f: AgendamentoFilters) =>
    call(c.getAllNotesPaginate, { query: { page, pesquisa, mes: f.mes, usuario_id: f.usuario_id, status: f.status } }),
  agendamentosDaPessoa: (pessoaId: number) => call(c.getNotesByPessoaId, { params: { id: pessoaId } }).then((r) => r.data),
  criarAgendamento: (body: AgendamentoRequest) => call(c.createNote, { body }),
  concluirAgendamento: (id: number) => call(c.concluirNote, { params: { id } }),
  operadores: () => call(c.getOperadores).then((r) => r.data),
  acordos: (page: number, pesquisa: string, f: AcordoFilters) => call(ac.getAll, { query: { page, pesquisa, mes: f.mes, situacao: f.situacao } }),
  acordo: (id: number) => call(ac.getById, { params: { id } }).then((r) => r.data),
  criarAcordo: (body: AcordoCreateRequest) => call(ac.create, { body }),
  baixarParcela: (parcelaId: number) => call(ac.baixarParcela, { body: { parcelaId } }),
  cancelarAcordo: (acordoId: number) => call(ac.cancelar, { body: { acordoId } }),
  incluirSpc: (boletoId: number) => call(ac.incluirSpc, { body: { boletoId } }),
  termoUrl: (acordoId: number) => fileUrl(ac.getTermo, { params: { id: acordoId } }),
};
