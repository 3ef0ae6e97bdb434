import { mensagemAdminContracts as admin, mensagemContracts as c, type ContractResult, type MensagemChannel, type MensagemStatus, type MensagemTipo } from '@bg/domain';
import { call } from '../../../lib/api-contract';

/** One message of the outbox (Administração > Mensagens). */
export type MensagemRow = ContractResult<typeof c.getAllPaginate>['data'][number];
/** One message with its timeline (the detail drawer). */
export type MensagemDetalhe = ContractResult<typeof c.getById>['data'];

/** The list's filters besides the search text: '' means all. Dates are 'YYYY-MM-DD' (created on or after `de`, on or before `ate`). */
export type MensagemFilters = { status: MensagemStatus | ''; channel: MensagemChannel | ''; tipo: MensagemTipo | ''; de: string; ate: string };

export const mensagensApi = {
  list: ({ page, pesquisa, status, channel, tipo, de, ate }: { page: number; pesquisa: string } & MensagemFilters) =>
    call(c.getAllPaginate, { query: { page, pesquisa, status, channel, tipo, de, ate } }),
  get: (id: number) => call(c.getById, { params: { id } }).then((r) => r.data),
  reenviar: (id: number) => call(admin.reenviar, { params: { id } }),
};
