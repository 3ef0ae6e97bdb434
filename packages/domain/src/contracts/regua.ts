import { z } from 'zod';
import { idParam, idParamSchema, isoDateSchema, pagingQuerySchema } from '../schemas/common.js';
import { contestacaoMotivoSchema, REGUA_CANAIS, REGUA_DIAS_MAX, REGUA_DIAS_MIN, REGUA_MSG, reguaSalvarSchema } from '../regua/regua.js';
import { REGUA_TEMPLATE_IDS } from '../regua/templates.js';
import { defineContract } from './contract.js';
import { calendarDate, createdId, id, money, okData, okOnly, pagedOf, timestamp } from './envelope.js';

/**
 * The collection schedule (régua de cobrança, docs/messaging.md): Administração > Régua de
 * cobrança — the default régua and each shop's override, the daily run on demand, "Próximos
 * envios", the cure rate per step and the boletos' contestations. Administradores only.
 */
const tags = ['régua de cobrança'];
const allWhenEmpty = z.literal('').transform(() => undefined);

export const reguaEtapaJson = z.object({
  id,
  dias: z.number().int(),
  canal: z.enum(REGUA_CANAIS),
  template: z.enum(REGUA_TEMPLATE_IDS),
  ativo: z.boolean(),
});

export const reguaJson = z.object({
  /** null: the default régua. */
  empresa_id: id.nullable(),
  /** false when the shop has no régua of its own (the default's steps are answered). */
  propria: z.boolean(),
  etapas: z.array(reguaEtapaJson),
  parar_acordo: z.boolean(),
  parar_spc: z.boolean(),
  parar_contestado: z.boolean(),
  updated_at: timestamp.nullable(),
  updated_by: z.string().nullable(),
  /** The shops that have a régua of their own. */
  lojas_com_regua_propria: z.array(z.object({ id, fantasia: z.string() })),
});

export const proximoEnvioJson = z.object({
  boleto_id: id,
  garantia_id: id,
  parcela: z.number().int(),
  vencimento: calendarDate,
  valor: money,
  pessoa_id: id,
  pessoa_nome: z.string(),
  empresa_id: id,
  loja: z.string(),
  dias: z.number().int(),
  canal: z.enum(REGUA_CANAIS),
  template: z.enum(REGUA_TEMPLATE_IDS),
  /** The phone or e-mail it goes to (null: none on record). */
  destinatario: z.string().nullable(),
  /** enviar: will go; recusou_canal: the person left the channel; sem_contato: no phone/e-mail; limite_diario: the person's second message of the day (waits a day). */
  situacao: z.enum(['enviar', 'recusou_canal', 'sem_contato', 'limite_diario']),
  /** Held back from an earlier day (one-a-day rule). */
  adiado: z.boolean(),
  subject: z.string(),
  texto: z.string(),
});

export const proximosEnviosQuery = pagingQuerySchema.extend({
  /** The day previewed (default: tomorrow), up to 30 days ahead. */
  data: isoDateSchema.optional().or(allWhenEmpty),
  empresa_id: idParam.optional().or(allWhenEmpty),
  canal: z.enum(REGUA_CANAIS).optional().or(allWhenEmpty),
  dias: z
    .string()
    .regex(/^-?(0|[1-9]\d?)$/, REGUA_MSG.diasInvalido)
    .transform(Number)
    .pipe(z.number().min(REGUA_DIAS_MIN, REGUA_MSG.diasInvalido).max(REGUA_DIAS_MAX, REGUA_MSG.diasInvalido))
    .optional()
    .or(allWhenEmpty),
  /** Name or CPF/CNPJ of the payer. */
  pesquisa: z.string().trim().max(100).optional(),
});

export const eficaciaQuery = z.object({
  de: isoDateSchema,
  ate: isoDateSchema,
  empresa_id: idParam.optional().or(allWhenEmpty),
});

export const eficaciaEtapaJson = z.object({
  dias: z.number().int(),
  canal: z.enum(REGUA_CANAIS),
  enviadas: z.number().int(),
  /** Boletos paid within 3 days of the message. */
  pagas_em_3_dias: z.number().int(),
  /** pagas / enviadas, 0–100 with one decimal (null without messages). */
  taxa: z.number().nullable(),
});

export const contestacaoJson = z.object({
  id,
  boleto_id: id,
  garantia_id: id,
  parcela: z.number().int(),
  vencimento: calendarDate,
  valor: money,
  pessoa_nome: z.string(),
  loja: z.string(),
  motivo: z.string(),
  aberta_por: z.string().nullable(),
  aberta_em: timestamp,
  encerrada_por: z.string().nullable(),
  encerrada_em: timestamp.nullable(),
  encerramento: z.string().nullable(),
});

export const contestacoesQuery = pagingQuerySchema.extend({
  situacao: z.enum(['abertas', 'encerradas']).default('abertas'),
});

export const reguaContracts = {
  get: defineContract({
    method: 'GET', path: '/api/regua', access: 'admin', tags,
    summary: 'A régua padrão ou a de uma loja (a padrão, quando a loja não tem régua própria)',
    query: z.object({ empresa_id: idParam.optional().or(allWhenEmpty) }),
    response: okData(reguaJson),
  }),
  salvar: defineContract({
    method: 'POST', path: '/api/regua/salvar', access: 'admin', tags,
    summary: 'Salva a régua padrão (empresa_id nulo) ou a régua própria de uma loja',
    body: z.intersection(z.object({ empresa_id: id.nullable() }), reguaSalvarSchema),
    response: okOnly,
  }),
  restaurarPadrao: defineContract({
    method: 'POST', path: '/api/regua/restaurar-padrao/:id', access: 'admin', tags,
    summary: 'Remove a régua própria da loja: ela volta a usar a régua padrão',
    params: idParamSchema,
    response: okOnly,
  }),
  executar: defineContract({
    method: 'POST', path: '/api/regua/executar', access: 'admin', tags,
    summary: 'Executa agora a régua do dia (a tarefa diária, sob demanda); nada é enviado duas vezes',
    response: okData(z.object({ job_id: id })),
  }),
  proximosEnvios: defineContract({
    method: 'GET', path: '/api/regua/proximos-envios', access: 'admin', tags,
    summary: 'Próximos envios: as mensagens da régua de amanhã (ou do dia escolhido), com o texto',
    query: proximosEnviosQuery,
    response: pagedOf(proximoEnvioJson).extend({ dia: calendarDate }),
  }),
  eficacia: defineContract({
    method: 'GET', path: '/api/regua/eficacia', access: 'admin', tags,
    summary: 'Taxa de recuperação por etapa: mensagens cujo boleto foi pago em até 3 dias',
    query: eficaciaQuery,
    response: okData(z.array(eficaciaEtapaJson)),
  }),
  contestacoes: defineContract({
    method: 'GET', path: '/api/regua/contestacoes', access: 'admin', tags,
    summary: 'Boletos contestados (abertas ou encerradas)',
    query: contestacoesQuery,
    response: pagedOf(contestacaoJson),
  }),
  contestar: defineContract({
    method: 'POST', path: '/api/regua/contestacao', access: 'admin', tags,
    summary: 'Registra a contestação de um boleto pelo pagador: a régua para de lhe enviar mensagens',
    body: z.object({ boleto_id: idParam, motivo: contestacaoMotivoSchema }),
    response: createdId,
  }),
  encerrarContestacao: defineContract({
    method: 'POST', path: '/api/regua/contestacao/encerrar/:id', access: 'admin', tags,
    summary: 'Encerra uma contestação: o boleto volta à régua',
    params: idParamSchema,
    body: z.object({ motivo: contestacaoMotivoSchema }),
    response: okOnly,
  }),
};
