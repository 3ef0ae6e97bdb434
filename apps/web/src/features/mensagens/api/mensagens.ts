import { mensagemAdminContracts, mensagemContracts as c, type ContractResult, type MensagemChannel, type MensagemStatus } from '@bg/domain';
import { call } from '../../../lib/api-contract';

/** One message of the outbox (Administração > Mensagens). */
export type MensagemRow = ContractResult<typeof c.getAllPaginate>['data'][number];

export type MensagemFilters = { status: MensagemStatus | ''; channel: MensagemChannel | '' };

export const mensagensApi = {
  list: ({ page, pesquisa, status, channel }: { page: number; pesquisa: string } & MensagemFilters) =>
    call(c.getAllPaginate, { query: { page, pesquisa, status, channel } }),
  reenviar: (id: number) => call(mensagemAdminContracts.reenviar, { params: { id } }),
};
