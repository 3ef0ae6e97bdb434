import { z } from 'zod';
import { idParamSchema, isoDateSchema, MAX_ID, ID_INVALID, pagingQuerySchema, wholeNumberSchema } from '../schemas/common.js';
import { defineContract } from './contract.js';
import { id, okData, okOnly, pagedOf, timestamp } from './envelope.js';

/**
 * Webhooks for the shops' systems (issue 28, docs/api.md "Webhooks", decision 118): each shop's
 * endpoints, the events they receive, the delivery log, resends and the test event. Administradores
 * manage any shop's endpoints; a shop's usuário manages its own (the use-cases check it).
 */
const tags = ['integracao'];

/** Every event type an endpoint may receive (`['*']`: all of them). */
export const WEBHOOK_EVENTOS = [
  'garantia.aprovada',
  'garantia.negada',
  'garantia.cancelada',
  'boletos.liberados',
  'boleto.registrado',
  'boleto.pago',
  'boleto.vencido',
  'boleto.baixado',
  'acordo.criado',
  'acordo.pago',
  'acordo.cancelado',
  'antecipacao.aprovada',
] as const;
export type WebhookEvento = (typeof WEBHOOK_EVENTOS)[number];
/** The test event ("Enviar evento de teste"): sent only when asked, to one endpoint. */
export const WEBHOOK_EVENTO_TESTE = 'webhook.teste';

export const WEBHOOK_EVENTO_LABEL: Record<WebhookEvento, string> = {
  'garantia.aprovada': 'Garantia aprovada',
  'garantia.negada': 'Garantia negada',
  'garantia.cancelada': 'Garantia cancelada',
  'boletos.liberados': 'Boletos liberados',
  'boleto.registrado': 'Boleto registrado no banco',
  'boleto.pago': 'Boleto pago',
  'boleto.vencido': 'Boleto vencido',
  'boleto.baixado': 'Boleto baixado',
  'acordo.criado': 'Acordo criado',
  'acordo.pago': 'Acordo pago',
  'acordo.cancelado': 'Acordo cancelado',
  'antecipacao.aprovada': 'Antecipação aprovada',
};

/** Failed attempts in a row after which an endpoint is paused (and its shop told). */
export const WEBHOOK_FALHAS_PARA_PAUSAR = 15;
/** How long a delivery is retried (exponential backoff) before it is given up, hours. */
export const WEBHOOK_JANELA_HORAS = 24;

export const WEBHOOK_MSG = {
  urlInvalida: 'Informe um endereço https:// válido (até 500 caracteres).',
  eventosVazio: 'Escolha ao menos um evento.',
  eventoDesconhecido: 'Evento desconhecido.',
  criado: 'Webhook cadastrado. Guarde o segredo: ele não será mostrado de novo.',
  atualizado: 'Webhook atualizado.',
  removido: 'Webhook removido.',
  pausado: 'Webhook pausado.',
  reativado: 'Webhook reativado: as entregas pendentes serão enviadas.',
  segredoRotacionado: 'Novo segredo gerado. Guarde-o: ele não será mostrado de novo.',
  reenvioAgendado: 'Reenvio agendado.',
  testeAgendado: 'Evento de teste enviado para a fila de entrega.',
  semPermissao: 'Somente administradores e usuários da própria loja gerenciam os webhooks da loja.',
  naoEncontrado: 'Webhook não encontrado.',
  eventoNaoEncontrado: 'Evento não encontrado para este webhook.',
  reenvioSemAlvo: 'Informe o evento (evento_id) ou o momento inicial (desde).',
} as const;

const url = z.string().trim().min(1, WEBHOOK_MSG.urlInvalida).max(500, WEBHOOK_MSG.urlInvalida).regex(/^https?:\/\/[^\s]+$/i, WEBHOOK_MSG.urlInvalida);
const eventos = z
  .array(z.string().refine((e) => e === '*' || (WEBHOOK_EVENTOS as readonly string[]).includes(e), WEBHOOK_MSG.eventoDesconhecido))
  .min(1, WEBHOOK_MSG.eventosVazio)
  .max(WEBHOOK_EVENTOS.length + 1)
  .transform((list) => (list.includes('*') ? ['*'] : [...new Set(list)]));
const descricao = z.string().trim().max(120).optional().nullable();

export const webhookCriarSchema = z.object({
  empresa_id: z.number({ message: 'Informe a loja.' }).int().min(1, 'Informe a loja.').max(MAX_ID, ID_INVALID),
  url,
  eventos,
  descricao,
});
export type WebhookCriarInput = z.input<typeof webhookCriarSchema>;

export const webhookAtualizarSchema = z.object({ url: url.optional(), eventos: eventos.optional(), descricao });

export const webhookStatusSchema = z.enum(['ativo', 'pausado']);
export const entregaStatusSchema = z.enum(['pendente', 'entregue', 'falhou', 'cancelada']);
export type EntregaStatus = z.infer<typeof entregaStatusSchema>;
export const ENTREGA_STATUS_TEXTO: Record<EntregaStatus, string> = { pendente: 'Pendente', entregue: 'Entregue', falhou: 'Falhou', cancelada: 'Cancelada' };

export const webhookJson = z.object({
  id,
  empresa_id: id,
  empresa: z.string(),
  url: z.string(),
  descricao: z.string().nullable(),
  eventos: z.array(z.string()),
  status: webhookStatusSchema,
  falhas_consecutivas: z.number().int(),
  pausado_em: timestamp.nullable(),
  pausado_motivo: z.string().nullable(),
  /** The previous secret still signs until then (a rotation's overlap). */
  segredo_anterior_expira_em: timestamp.nullable(),
  criado_em: timestamp,
  entregas_pendentes: z.number().int(),
  ultima_entrega_em: timestamp.nullable(),
});

export const tentativaJson = z.object({
  em: timestamp,
  status_http: z.number().int().nullable(),
  latencia_ms: z.number().int(),
  sucesso: z.boolean(),
  resposta: z.string().nullable(),
  erro: z.string().nullable(),
});

export const entregaJson = z.object({
  id,
  evento_id: z.string(),
  tipo: z.string(),
  recurso: z.string(),
  recurso_id: id,
  sequencia: z.number().int(),
  evento_criado_em: timestamp,
  status: entregaStatusSchema,
  tentativas: z.number().int(),
  proxima_tentativa: timestamp.nullable(),
  ultimo_status_http: z.number().int().nullable(),
  entregue_em: timestamp.nullable(),
  reenvio: z.boolean(),
  criado_em: timestamp,
  historico: z.array(tentativaJson),
});

export const webhookListQuery = pagingQuerySchema.extend({
  empresa_id: wholeNumberSchema(ID_INVALID, { min: 1, max: MAX_ID }).optional(),
});

export const entregaListQuery = pagingQuerySchema.extend({
  status: entregaStatusSchema.optional(),
  tipo: z.string().max(40).optional(),
  /** Events created on or after this day (São Paulo). */
  desde: isoDateSchema.optional(),
});

/** One event again, or every event of the endpoint since a moment (ISO date-time or date). */
export const reenviarSchema = z
  .object({
    evento_id: z.string().uuid('Evento inválido.').optional(),
    desde: z.iso.datetime({ offset: true, message: 'Informe data e hora (ISO 8601).' }).or(isoDateSchema).optional(),
  })
  .refine((v) => (v.evento_id ? 1 : 0) + (v.desde ? 1 : 0) === 1, { message: WEBHOOK_MSG.reenvioSemAlvo, path: ['evento_id'] });

export const rotacionarSchema = z.object({
  /** Hours the previous secret keeps signing beside the new one (0: stops at once). Default 24. */
  horas_sobreposicao: wholeNumberSchema('De 0 a 168 horas.', { min: 0, max: 168 }).optional(),
});

const base = '/api/integracao/webhooks';

export const webhookContracts = {
  criar: defineContract({
    method: 'POST', path: base, access: 'authenticated', tags,
    summary: 'Cadastra um webhook da loja; o segredo de assinatura aparece só nesta resposta',
    body: webhookCriarSchema,
    response: okData(z.object({ id, segredo: z.string() })),
  }),
  listar: defineContract({
    method: 'GET', path: base, access: 'authenticated', tags,
    summary: 'Webhooks das lojas que o usuário gerencia',
    query: webhookListQuery,
    response: pagedOf(webhookJson),
  }),
  obter: defineContract({
    method: 'GET', path: `${base}/:id`, access: 'authenticated', tags,
    summary: 'Um webhook',
    params: idParamSchema,
    response: okData(webhookJson),
  }),
  atualizar: defineContract({
    method: 'POST', path: `${base}/:id`, access: 'authenticated', tags,
    summary: 'Altera o endereço, os eventos ou a descrição de um webhook',
    params: idParamSchema,
    body: webhookAtualizarSchema,
    response: okData(webhookJson),
  }),
  remover: defineContract({
    method: 'DELETE', path: `${base}/:id`, access: 'authenticated', tags,
    summary: 'Remove um webhook (as entregas pendentes são canceladas; o histórico fica)',
    params: idParamSchema,
    response: okOnly,
  }),
  rotacionar: defineContract({
    method: 'POST', path: `${base}/:id/rotacionar-segredo`, access: 'authenticated', tags,
    summary: 'Gera um novo segredo; o anterior continua assinando durante a sobreposição',
    params: idParamSchema,
    body: rotacionarSchema,
    response: okData(z.object({ segredo: z.string(), anterior_expira_em: timestamp.nullable() })),
  }),
  pausar: defineContract({
    method: 'POST', path: `${base}/:id/pausar`, access: 'authenticated', tags,
    summary: 'Pausa as entregas de um webhook (os eventos continuam guardados)',
    params: idParamSchema,
    response: okData(webhookJson),
  }),
  reativar: defineContract({
    method: 'POST', path: `${base}/:id/reativar`, access: 'authenticated', tags,
    summary: 'Reativa um webhook pausado; as entregas pendentes saem em seguida',
    params: idParamSchema,
    response: okData(webhookJson),
  }),
  entregas: defineContract({
    method: 'GET', path: `${base}/:id/entregas`, access: 'authenticated', tags,
    summary: 'Registro de entregas do webhook, cada tentativa com hora, status HTTP, latência e trecho da resposta',
    params: idParamSchema,
    query: entregaListQuery,
    response: pagedOf(entregaJson),
  }),
  reenviar: defineContract({
    method: 'POST', path: `${base}/:id/reenviar`, access: 'authenticated', tags,
    summary: 'Reenvia um evento (`evento_id`) ou todos os eventos do webhook desde um momento (`desde`)',
    params: idParamSchema,
    body: reenviarSchema,
    response: okData(z.object({ entregas: z.number().int() })),
  }),
  teste: defineContract({
    method: 'POST', path: `${base}/:id/teste`, access: 'authenticated', tags,
    summary: 'Envia um evento de teste (webhook.teste) a este webhook',
    params: idParamSchema,
    response: okData(z.object({ evento_id: z.string() })),
  }),
};
