import { usePagedList } from '../../../lib/use-paged-list';
import { mensagensApi, type MensagemFilters, type MensagemRow } from './mensagens';

/** The mensagens feature's query keys (decision 102). */
export const mensagemKeys = {
  /** Every page of Mensagens. */
  all: ['mensagens'] as const,
};

/** The outbox with the Status and Canal filters (applied with the search text). */
export const useMensagensList = (filters: MensagemFilters) =>
  usePagedList<MensagemRow, MensagemFilters>({ key: mensagemKeys.all, fetch: mensagensApi.list, filters });
