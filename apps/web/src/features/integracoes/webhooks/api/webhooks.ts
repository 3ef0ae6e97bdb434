import { webhookContracts as c, type ContractResult, type EntregaStatus, type WebhookCriarInput } from '@bg/domain';
import { call } from '../../../../lib/api-contract';

/** One endpoint as Administração > Webhooks lists it (never its secret). */
export type WebhookRow = ContractResult<typeof c.listar>['data'][number];
/** One delivery of the log, with its attempts. */
export type EntregaRow = ContractResult<typeof c.entregas>['data'][number];

export type EntregaFilters = { status: EntregaStatus | ''; tipo: string; desde: string };

export const webhooksApi = {
  list: ({ page, empresa_id }: { page: number; pesquisa: string; empresa_id: number | null }) =>
    call(c.listar, { query: { page, per_page: 15, ...(empresa_id ? { empresa_id } : {}) } }),
  get: (id: number) => call(c.obter, { params: { id } }),
  create: (body: WebhookCriarInput) => call(c.criar, { body }),
  update: (id: number, body: { url?: string; eventos?: string[]; descricao?: string | null }) => call(c.atualizar, { params: { id }, body }),
  remove: (id: number) => call(c.remover, { params: { id } }),
  rotate: (id: number, horas: number) => call(c.rotacionar, { params: { id }, body: { horas_sobreposicao: horas } }),
  pause: (id: number) => call(c.pausar, { params: { id } }),
  reactivate: (id: number) => call(c.reativar, { params: { id } }),
  test: (id: number) => call(c.teste, { params: { id } }),
  deliveries: (id: number, { page, status, tipo, desde }: { page: number; pesquisa: string } & EntregaFilters) =>
    call(c.entregas, { params: { id }, query: { page, per_page: 15, ...(status ? { status } : {}), ...(tipo ? { tipo } : {}), ...(desde ? { desde } : {}) } }),
  resendOne: (id: number, eventoId: string) => call(c.reenviar, { params: { id }, body: { evento_id: eventoId } }),
  resendSince: (id: number, desde: string) => call(c.reenviar, { params: { id }, body: { desde } }),
};
