import { z } from 'zod';
import { idParamSchema } from '../schemas/common.js';
import { optionalMoneySchema } from '../schemas/cadastro-fields.js';
import { RESULTADOS_CREDITO, regrasPoliticaSchema } from '../credito/politica.js';
import { defineContract } from './contract.js';
import { calendarDate, createdId, id, money, ok, okData, okOnly, timestamp } from './envelope.js';

const tags = ['política de crédito'];

/** The evaluation a guarantee carries (issue 29): the version, the outcome and its main criteria. */
export const avaliacaoJson = z.object({
  versao: z.number().int(),
  resultado: z.enum(RESULTADOS_CREDITO),
  motivos: z.array(z.object({ codigo: z.string(), texto: z.string() })),
});

export const revisaoJson = z.object({
  id,
  garantia_id: id,
  origem: z.enum(['LOJA', 'PAGADOR']),
  solicitada_em: timestamp,
  solicitada_por: z.string().nullable(),
  justificativa: z.string().nullable(),
  prazo: calendarDate,
  status: z.enum(['PENDENTE', 'MANTIDA', 'REVERTIDA']),
  decidida_em: timestamp.nullable(),
  decidida_por: z.string().nullable(),
  fundamentacao: z.string().nullable(),
});

const limitesJson = z.object({ boleto: money.nullable(), garantia: money.nullable(), loja: money.nullable(), documento: money.nullable() });

export const politicaResumoJson = z.object({
  id,
  versao: z.number().int(),
  status: z.enum(['RASCUNHO', 'PUBLICADA', 'SUBSTITUIDA']),
  observacao: z.string().nullable(),
  criado_por: z.string(),
  criado_em: timestamp,
  atualizado_por: z.string(),
  atualizado_em: timestamp,
  publicado_por: z.string().nullable(),
  publicado_em: timestamp.nullable(),
  substituida_em: timestamp.nullable(),
  avaliacoes: z.number().int(),
});

export const politicaJson = politicaResumoJson.extend({
  regras: regrasPoliticaSchema,
  limites: limitesJson,
  liberacao_automatica: z.boolean(),
});

export const politicaRascunhoSchema = z.object({
  regras: regrasPoliticaSchema,
  limites: z.object({ boleto: optionalMoneySchema, garantia: optionalMoneySchema, loja: optionalMoneySchema, documento: optionalMoneySchema }),
  liberacao_automatica: z.boolean(),
  observacao: z.string().trim().max(2000, 'No máximo 2000 caracteres').nullable().optional(),
});
export type PoliticaRascunhoInput = z.infer<typeof politicaRascunhoSchema>;

export const simulacaoQuery = z.object({ meses: z.coerce.number().int('Informe um número inteiro de meses').min(1, 'Mínimo 1 mês').max(24, 'Máximo 24 meses').default(6) });

export const simulacaoJson = z.object({
  versao: z.number().int(),
  meses: z.number().int(),
  desde: calendarDate,
  solicitacoes: z.number().int(),
  por_resultado: z.object({ APROVAR: z.number().int(), ANALISAR: z.number().int(), NEGAR: z.number().int() }),
  /** % of the requests the draft would approve automatically */
  taxa_aprovacao: z.number(),
  /** of the requests it would approve that were guaranteed: % of their value paid by the guarantor or 30+ days late */
  inadimplencia_aprovadas: z.number().nullable(),
  aprovadas_com_historico: z.number().int(),
  mudancas: z.array(z.object({
    garantia_id: id,
    protocolo: z.string(),
    data: timestamp,
    loja: z.string(),
    status_real: z.string(),
    resultado_atual: z.enum(RESULTADOS_CREDITO).nullable(),
    resultado_simulado: z.enum(RESULTADOS_CREDITO),
    motivos: z.array(z.string()),
    inadimplente: z.boolean(),
  })),
});

export const revisaoSolicitarSchema = z.object({ justificativa: z.string().trim().max(2000, 'No máximo 2000 caracteres').optional() });
export const revisaoDecidirSchema = z.object({
  decisao: z.enum(['MANTIDA', 'REVERTIDA'], { error: 'Escolha a decisão' }),
  fundamentacao: z.string({ error: 'Campo obrigatório' }).trim().min(10, 'Explique a decisão (ao menos 10 caracteres)').max(4000, 'No máximo 4000 caracteres'),
});

export const revisaoFilaItemJson = revisaoJson.extend({
  protocolo: z.string(),
  loja: z.string(),
  pessoa: z.string(),
  cpf_cnpj: z.string(),
  dias_restantes: z.number().int(),
  avaliacao: avaliacaoJson.nullable(),
});

/** Administração > Política de Crédito and the LGPD art. 20 review (docs/credito.md). */
export const creditoContracts = {
  politicaList: defineContract({
    method: 'GET', path: '/api/credito/politica/list', access: 'admin', tags,
    summary: 'Versões da política de crédito',
    response: okData(z.array(politicaResumoJson)),
  }),
  politicaGet: defineContract({
    method: 'GET', path: '/api/credito/politica/getById/:id', access: 'admin', tags,
    summary: 'Uma versão da política de crédito',
    params: idParamSchema,
    response: okData(politicaJson),
  }),
  rascunhoSalvar: defineContract({
    method: 'POST', path: '/api/credito/politica/rascunho', access: 'admin', tags,
    summary: 'Salvar o rascunho (cria a próxima versão se não houver)',
    body: politicaRascunhoSchema,
    response: createdId,
  }),
  rascunhoDescartar: defineContract({
    method: 'POST', path: '/api/credito/politica/descartar/:id', access: 'admin', tags,
    summary: 'Descartar o rascunho',
    params: idParamSchema,
    response: okOnly,
  }),
  publicar: defineContract({
    method: 'POST', path: '/api/credito/politica/publicar/:id', access: 'admin', tags,
    summary: 'Publicar o rascunho (a versão publicada passa a substituída)',
    params: idParamSchema,
    response: okData(z.object({ id, versao: z.number().int() })),
  }),
  simular: defineContract({
    method: 'GET', path: '/api/credito/politica/simular/:id', access: 'admin', tags,
    summary: 'Simular uma versão sobre as solicitações dos últimos meses',
    params: idParamSchema,
    query: simulacaoQuery,
    response: okData(simulacaoJson),
  }),
  revisaoSolicitar: defineContract({
    method: 'POST', path: '/api/credito/revisao/solicitar/:id', access: 'authenticated', tags,
    summary: 'Solicitar revisão humana de uma negativa automática (LGPD art. 20)',
    params: idParamSchema,
    body: revisaoSolicitarSchema,
    response: okData(revisaoJson),
  }),
  revisaoList: defineContract({
    method: 'GET', path: '/api/credito/revisao/list', access: 'admin', tags,
    summary: 'Fila de revisões',
    query: z.object({ status: z.enum(['PENDENTE', 'MANTIDA', 'REVERTIDA', 'TODAS']).default('PENDENTE') }),
    response: okData(z.array(revisaoFilaItemJson)),
  }),
  revisaoDecidir: defineContract({
    method: 'POST', path: '/api/credito/revisao/decidir/:id', access: 'admin', tags,
    summary: 'Decidir uma revisão',
    params: idParamSchema,
    body: revisaoDecidirSchema,
    response: okData(revisaoJson),
  }),
};

export const okAvaliacao = ok({ avaliacao: avaliacaoJson.nullable() });

/** The payer's page (public, with its session): the person's automatic denials and their reviews. */
export const negativaPagadorJson = z.object({
  garantia_id: id,
  protocolo: z.string(),
  data: timestamp,
  loja: z.string(),
  motivos: z.array(z.string()),
  revisao: z.object({ status: z.enum(['PENDENTE', 'MANTIDA', 'REVERTIDA']), prazo: calendarDate, fundamentacao: z.string().nullable() }).nullable(),
});

export const creditoPagadorContracts = {
  negativas: defineContract({
    method: 'POST', path: '/api/pagador/negativas', access: 'public', tags,
    summary: 'Página do pagador: as negativas automáticas de crédito da pessoa identificada',
    body: z.object({ sessao: z.string().max(200) }),
    response: okData(z.array(negativaPagadorJson)),
  }),
  solicitarRevisao: defineContract({
    method: 'POST', path: '/api/pagador/revisao', access: 'public', tags,
    summary: 'Página do pagador: solicitar a revisão humana de uma negativa automática (LGPD art. 20)',
    body: z.object({ sessao: z.string().max(200), garantia_id: z.coerce.number().int().positive(), justificativa: z.string().trim().max(2000, 'No máximo 2000 caracteres').optional() }),
    response: okData(z.object({ prazo: calendarDate })),
  }),
};
