import { idParamSchema } from '../schemas/common.js';
import { z } from 'zod';
import { defineContract } from './contract.js';
import { id, okData, okOnly, timestamp } from './envelope.js';
import { mensagemChannelSchema } from './mensagem.js';

/**
 * Operator actions on the messaging outbox (Administração > Mensagens; docs/assinatura.md) and the
 * consent a person gave or withdrew per channel (Pessoas; docs/messaging.md "Consentimento"). The
 * list itself is mensagemContracts.getAllPaginate.
 */
const tags = ['mensagens'];

export const CONSENTIMENTO_ORIGEM_TEXTO: Record<string, string> = {
  whatsapp: 'Resposta no WhatsApp',
  email: 'Link no e-mail',
  operador: 'Operador',
  pagina_pagador: 'Página do pagador',
  cadastro: 'Cadastro',
};

/** One recorded choice (the latest per channel is the person's current one). */
export const consentimentoJson = z.object({
  id,
  channel: mensagemChannelSchema,
  aceito: z.boolean(),
  origem: z.string(),
  detalhe: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: timestamp,
});

export const consentimentoBody = z.object({
  channel: mensagemChannelSchema,
  aceito: z.boolean(),
  /** Why (a call, a written request); shown in the history. */
  detalhe: z.string().trim().max(300).optional().nullable(),
});

export const mensagemAdminContracts = {
  reenviar: defineContract({
    method: 'POST', path: '/api/mensagem/reenviar/:id', access: 'admin', tags,
    summary: 'Reenvia uma mensagem que falhou ou foi suprimida (nova mensagem na fila, ligada à original)',
    params: idParamSchema,
    response: okData(z.object({ id, reenvio_de: id })),
  }),
  getConsentimento: defineContract({
    method: 'GET', path: '/api/mensagem/consentimento/:id', access: 'admin', tags,
    summary: 'Escolha atual de cada canal (WhatsApp, e-mail) da pessoa {id} e o histórico, com data e origem',
    params: idParamSchema,
    response: okData(
      z.object({
        /** The current choice per channel (null: never recorded — the contract's own messages may go). */
        canais: z.array(z.object({ channel: mensagemChannelSchema, atual: consentimentoJson.nullable() })),
        historico: z.array(consentimentoJson),
      }),
    ),
  }),
  registrarConsentimento: defineContract({
    method: 'POST', path: '/api/mensagem/consentimento/:id', access: 'admin', tags,
    summary: 'Registra a aceitação ou a recusa de um canal pela pessoa {id} (origem: operador)',
    params: idParamSchema,
    body: consentimentoBody,
    response: okOnly,
  }),
};
