import { queryOptions } from '@tanstack/react-query';
import { usePagedList } from '../../../lib/use-paged-list';
import { mensagensApi, type MensagemFilters, type MensagemRow } from './mensagens';

/** The mensagens feature's query keys (decision 102). */
export const mensagemKeys = {
  /** Every page of Mensagens, and every message's detail. */
  all: ['mensagens'] as const,
  detalhe: (id: number) => ['mensagens', 'detalhe', id] as const,
};

/** The outbox with its filters (Situação, Canal, Tipo, período; the search text apart). */
export const useMensagensList = (filters: MensagemFilters) =>
  usePagedList<MensagemRow, MensagemFilters>({ key: mensagemKeys.all, fetch: mensagensApi.list, filters });

export const mensagemQuery = (id: number) => queryOptions({ queryKey: mensagemKeys.detalhe(id), queryFn: () => mensagensApi.get(id) });
