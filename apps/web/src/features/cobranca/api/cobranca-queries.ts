import { queryOptions } from '@tanstack/react-query';
import { usePagedList } from '../../../lib/use-paged-list';
import { cobrancaApi, type AcordoFilters, type AcordoParcelaRow, type AgendamentoFilters, type AgendamentoRow } from './cobranca';

const INADIMPLENTE = ['inadimplente'] as const;
const AGENDAMENTOS = ['agendamentos'] as const;
const ACORDOS = ['acordos'] as const;

/**
 * The cobrança feature's query keys (decision 102). Each group has one root, so invalidating it
 * refetches everything under it: an acordo or a schedule changes lists and details together.
 */
export const cobrancaKeys = {
  /** Every page of Inadimplentes. */
  inadimplentes: ['inadimplentes'] as const,
  /** Every inadimplente's detail. */
  inadimplenteDetails: INADIMPLENTE,
  inadimplente: (id: number) => [...INADIMPLENTE, id] as const,
  /** Every page of Agendamentos, each person's schedules and the operators of the filter. */
  agendamentos: AGENDAMENTOS,
  agendamentosDaPessoa: (pessoaId: number) => [...AGENDAMENTOS, 'pessoa', pessoaId] as const,
  operadores: [...AGENDAMENTOS, 'operadores'] as const,
  /** Every page of Acordos and every acordo's details. */
  acordos: ACORDOS,
  acordo: (id: number | null) => [...ACORDOS, 'detalhe', id] as const,
};

/** A defaulter's detail; an id that is not a positive integer loads nothing. */
export const inadimplenteQuery = (id: number) =>
  queryOptions({ queryKey: cobrancaKeys.inadimplente(id), queryFn: () => cobrancaApi.inadimplente(id), enabled: Number.isInteger(id) && id > 0 });

/** Every schedule of one person, latest date first. */
export const agendamentosDaPessoaQuery = (pessoaId: number) =>
  queryOptions({ queryKey: cobrancaKeys.agendamentosDaPessoa(pessoaId), queryFn: () => cobrancaApi.agendamentosDaPessoa(pessoaId) });

/** The users who may be given a schedule (the Operador filter). */
export const operadoresQuery = () => queryOptions({ queryKey: cobrancaKeys.operadores, queryFn: cobrancaApi.operadores });

/** An acordo's details; nothing while no acordo is chosen (null). */
export const acordoQuery = (id: number | null) =>
  queryOptions({ queryKey: cobrancaKeys.acordo(id), queryFn: () => cobrancaApi.acordo(id!), enabled: id !== null });

/** Inadimplentes, searched by name or CPF/CNPJ. */
export const useInadimplentesList = () =>
  usePagedList({ key: cobrancaKeys.inadimplentes, fetch: ({ page, pesquisa }) => cobrancaApi.inadimplentes(page, pesquisa) });

/** Agendamentos of a month, with the Operador and Status filters. */
export const useAgendamentosList = (filters: AgendamentoFilters) =>
  usePagedList<AgendamentoRow, AgendamentoFilters>({ key: cobrancaKeys.agendamentos, filters, fetch: ({ page, pesquisa, ...f }) => cobrancaApi.agendamentos(page, pesquisa, f) });

/** The acordos' instalments due in a month, with the Situação filter. */
export const useAcordosList = (filters: AcordoFilters) =>
  usePagedList<AcordoParcelaRow, AcordoFilters>({ key: cobrancaKeys.acordos, filters, fetch: ({ page, pesquisa, ...f }) => cobrancaApi.acordos(page, pesquisa, f) });
