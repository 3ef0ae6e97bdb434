import { z } from 'zod';
import { solicitaGarantiaSchema } from '../garantia/schemas.js';
import { LOOKUP_RESTRICTED_STATUS } from '../garantia/deny-reasons.js';
import { idParamSchema, isoDateSchema, pagingQuerySchema } from '../schemas/common.js';
import { ALL_SITUACOES, GARANTIA_STATUS } from '../situacao/boleto-situacao.js';
import { defineContract } from './contract.js';
import { webhookContracts as webhook } from './integracao-webhooks.js';
import { calendarDate, id, money, ok, okData, pagedOf, timestamp } from './envelope.js';

/**
 * The public API, version 1 (issue 28, docs/api.md, decision 117): what a shop's own system (ERP,
 * e-commerce) calls with `Authorization: Bearer <chave>`. Resources in Portuguese like the rest of
 * the API, answers in the same envelope (`{ status, msg, ... }`). These contracts declare
 * `access: 'public'` for the session guard (a key is not a session): the /api/v1 routes are
 * authenticated by their key, and each one's scope is in API_V1_ESCOPO below.
 *
 * The resources `garantiaV1Json` and `boletoV1Json` are also what the webhooks' events carry in
 * `dados` (the same object a GET answers), so a client parses one shape.
 */
const tags = ['v1'];

/** The scopes a key may carry (`escopos`); each /api/v1 call needs one. */
export const API_ESCOPOS = ['garantias:write', 'garantias:read', 'boletos:read', 'webhooks:manage'] as const;
export type ApiEscopo = (typeof API_ESCOPOS)[number];

export const API_ESCOPO_LABEL: Record<ApiEscopo, string> = {
  'garantias:write': 'Solicitar garantias',
  'garantias:read': 'Consultar garantias',
  'boletos:read': 'Consultar e baixar boletos',
  'webhooks:manage': 'Gerenciar webhooks',
};

/** The header every POST of /api/v1 must carry (docs/api.md "Idempotência"). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Answered on a stored answer sent again: `Idempotent-Replayed: true`. */
export const IDEMPOTENCY_REPLAY_HEADER = 'idempotent-replayed';

const garantiaStatusJson = z.enum(Object.values(GARANTIA_STATUS));
const boletoSituacaoJson = z.enum(ALL_SITUACOES);

/**
 * A boleto as the public API answers it (GET /api/v1/boletos/{id}, the list, the guarantee's
 * `boletos`, the webhooks' `dados`). No situação, nosso número or linha digitável until the
 * guarantee's boletos are released.
 */
export const boletoV1Json = z.object({
  id,
  protocolo: z.string().meta({ description: 'id-dígito, como nas telas' }),
  garantia_id: id,
  garantia_protocolo: z.string(),
  empresa_id: id,
  parcela: z.number().int(),
  qtd_parcelas: z.number().int(),
  valor: money,
  vencimento: calendarDate,
  situacao: boletoSituacaoJson.nullable(),
  nosso_numero: z.string().nullable().meta({ description: 'no formato do banco, como impresso no boleto' }),
  linha_digitavel: z.string().nullable(),
  codigo_barras: z.string().nullable(),
  /** Whether GET /api/v1/boletos/{id}/pdf can print it now (released, not paid, cancelled or written off). */
  imprimivel: z.boolean(),
  /** Whether GET /api/v1/boletos/{id}/recibo has a receipt (the shop received the payment). */
  possui_recibo: z.boolean(),
  criado_em: timestamp,
  atualizado_em: timestamp,
});
export type BoletoV1 = z.output<typeof boletoV1Json>;

/** A guarantee with its boletos as the public API answers it (and the webhooks' `dados`). */
export const garantiaV1Json = z.object({
  id,
  protocolo: z.string(),
  empresa_id: id,
  status: garantiaStatusJson,
  /** What the screens show: APROVADO without released boletos reads PRÉ APROVADO. */
  situacao: z.enum([...Object.values(GARANTIA_STATUS), 'PRÉ APROVADO']),
  boletos_liberados: z.boolean(),
  motivo: z.string().nullable().meta({ description: 'motivo da negativa (NÃO AUTORIZADO)' }),
  cliente: z.object({ tipo_pessoa: z.enum(['F', 'J']), cpf_cnpj: z.string(), nome_razao: z.string() }),
  qtd_parcelas: z.number().int(),
  valor_total: money,
  criada_em: timestamp,
  decidida_em: timestamp.nullable(),
  liberada_em: timestamp.nullable(),
  cancelada_em: timestamp.nullable(),
  boletos: z.array(boletoV1Json),
});
export type GarantiaV1 = z.output<typeof garantiaV1Json>;

const pdf = (description: string) => ({ contentTypes: ['application/pdf'], description });

/** GET /api/v1/boletos: situação, boletos changed on or after `desde` (a date, São Paulo), paged. */
export const boletosV1Query = pagingQuerySchema.extend({
  situacao: boletoSituacaoJson.optional(),
  desde: isoDateSchema.optional().meta({ description: 'AAAA-MM-DD: boletos alterados a partir deste dia (horário de Brasília)' }),
});

export const apiV1Contracts = {
  solicitarGarantia: defineContract({
    method: 'POST', path: '/api/v1/garantias', access: 'public', tags,
    summary: 'Solicitar uma garantia (mesmas regras do assistente, consulta incluída). Exige Idempotency-Key.',
    // spec §3's payload; empresa_id, if sent, must be the key's shop
    body: solicitaGarantiaSchema(),
    // status 200 with the guarantee (PENDENTE), or status 900 with the restrictions (HTML in consulta)
    response: ok({
      data: garantiaV1Json.optional(),
      title: z.string().optional(),
      consulta: z.string().optional(),
    }).extend({ status: z.literal([200, LOOKUP_RESTRICTED_STATUS]) }),
  }),
  garantia: defineContract({
    method: 'GET', path: '/api/v1/garantias/:id', access: 'public', tags,
    summary: 'Uma garantia e seus boletos',
    params: idParamSchema,
    response: okData(garantiaV1Json),
  }),
  carne: defineContract({
    method: 'GET', path: '/api/v1/garantias/:id/carne', access: 'public', tags,
    summary: 'Carnê (PDF) dos boletos em aberto da garantia',
    params: idParamSchema,
    file: pdf('O carnê, três boletos por página.'),
  }),
  boletos: defineContract({
    method: 'GET', path: '/api/v1/boletos', access: 'public', tags,
    summary: 'Boletos da loja por situação e data de alteração (paginado)',
    query: boletosV1Query,
    response: pagedOf(boletoV1Json),
  }),
  boleto: defineContract({
    method: 'GET', path: '/api/v1/boletos/:id', access: 'public', tags,
    summary: 'Um boleto',
    params: idParamSchema,
    response: okData(boletoV1Json),
  }),
  boletoPdf: defineContract({
    method: 'GET', path: '/api/v1/boletos/:id/pdf', access: 'public', tags,
    summary: 'Boleto (PDF), se puder ser impresso',
    params: idParamSchema,
    file: pdf('O boleto híbrido (código de barras e Pix).'),
  }),
  recibo: defineContract({
    method: 'GET', path: '/api/v1/boletos/:id/recibo', access: 'public', tags,
    summary: 'Recibo (PDF) de um boleto recebido pela loja',
    params: idParamSchema,
    file: pdf('O comprovante de recebimento.'),
  }),
  // the shop's webhooks by key (scope webhooks:manage): the same calls as Administração > Webhooks,
  // for the key's own shop (`empresa_id` must be it); bodies, answers and messages as there
  webhooks: defineContract({ ...webhook.listar, path: '/api/v1/webhooks', access: 'public', tags, summary: 'Webhooks da loja da chave' }),
  criarWebhook: defineContract({ ...webhook.criar, path: '/api/v1/webhooks', access: 'public', tags, summary: 'Cadastra um webhook da loja (o segredo aparece só nesta resposta). Exige Idempotency-Key.' }),
  webhook: defineContract({ ...webhook.obter, path: '/api/v1/webhooks/:id', access: 'public', tags }),
  removerWebhook: defineContract({ ...webhook.remover, path: '/api/v1/webhooks/:id', access: 'public', tags }),
  entregasWebhook: defineContract({ ...webhook.entregas, path: '/api/v1/webhooks/:id/entregas', access: 'public', tags }),
  reenviarWebhook: defineContract({ ...webhook.reenviar, path: '/api/v1/webhooks/:id/reenviar', access: 'public', tags, summary: 'Reenvia um evento (`evento_id`) ou todos desde um momento (`desde`). Exige Idempotency-Key.' }),
  testeWebhook: defineContract({ ...webhook.teste, path: '/api/v1/webhooks/:id/teste', access: 'public', tags, summary: 'Agenda um evento de teste para o webhook. Exige Idempotency-Key.' }),
} as const;

/** The scope each /api/v1 call needs (a key without it: 403). */
export const API_V1_ESCOPO: Record<keyof typeof apiV1Contracts, ApiEscopo> = {
  solicitarGarantia: 'garantias:write',
  garantia: 'garantias:read',
  carne: 'boletos:read',
  boletos: 'boletos:read',
  boleto: 'boletos:read',
  boletoPdf: 'boletos:read',
  recibo: 'boletos:read',
  webhooks: 'webhooks:manage',
  criarWebhook: 'webhooks:manage',
  webhook: 'webhooks:manage',
  removerWebhook: 'webhooks:manage',
  entregasWebhook: 'webhooks:manage',
  reenviarWebhook: 'webhooks:manage',
  testeWebhook: 'webhooks:manage',
};

/** Messages of the keys' authentication (401/403/429) and idempotency (400/409/422). */
export const API_V1_MSG = {
  semChave: 'Informe a chave de API no cabeçalho Authorization: Bearer <chave>.',
  chaveInvalida: 'Chave de API inválida, revogada ou expirada.',
  empresaBloqueada: 'Empresa bloqueada. Procure o administrador do sistema.',
  escopo: (escopo: string) => `Esta chave de API não tem o escopo ${escopo}.`,
  ip: 'Esta chave de API não pode ser usada a partir deste endereço IP.',
  limite: 'Muitas chamadas com esta chave de API. Aguarde e tente novamente.',
  idempotenciaAusente: 'Informe o cabeçalho Idempotency-Key (até 255 caracteres) em toda chamada POST.',
  idempotenciaInvalida: 'O cabeçalho Idempotency-Key deve ter de 1 a 255 caracteres visíveis (ASCII).',
  idempotenciaOutroCorpo: 'Esta Idempotency-Key já foi usada com outro conteúdo. Use uma nova chave para uma nova solicitação.',
  idempotenciaEmAndamento: 'Uma solicitação com esta Idempotency-Key ainda está em andamento. Tente novamente em instantes.',
  semRecibo: 'Este boleto não tem recibo: o recibo existe quando a loja registra o recebimento.',
} as const;
