import { z } from 'zod';
import { COBRANCA_MSG } from '../cobranca/cobranca-messages.js';
import { idParam, isoDateSchema } from '../schemas/common.js';
import { defineContract } from './contract.js';
import { calendarDate, id, okData } from './envelope.js';

/**
 * The SPC prior notice as a registered letter (issue 27, decision 116; docs/cobranca.md "SPC"):
 * the letter's PDF for the operator to print and post with AR, and the posting recorded on the
 * SPC record — the notice period (SPC_AVISO_DIAS) counts from that day.
 */
const tags = ['cobranca'];

/** A Correios object code (the AR's tracking code): two letters, nine digits, two letters. */
export const CODIGO_RASTREIO_RE = /^[A-Z]{2}\d{9}[A-Z]{2}$/;

export const spcPostagemSchema = z.object({
  data_postagem: isoDateSchema,
  codigo_rastreio: z
    .string()
    .max(30)
    .transform((v) => v.toUpperCase().replace(/[\s.-]/g, ''))
    .refine((v) => CODIGO_RASTREIO_RE.test(v), COBRANCA_MSG.spcRastreioInvalido),
});
export type SpcPostagemInput = z.input<typeof spcPostagemSchema>;

export const spcCartaContracts = {
  carta: defineContract({
    method: 'GET', path: '/api/acordo/spc/:id/carta', access: 'admin', tags,
    summary: 'Carta de aviso prévio de inclusão no SPC (PDF para impressão e envio com AR)',
    params: z.object({ id: idParam }),
    file: { contentTypes: ['application/pdf'], description: 'A carta registrada em PDF' },
  }),
  postagem: defineContract({
    method: 'POST', path: '/api/acordo/spc/:id/postagem', access: 'admin', tags,
    summary: 'Registra a postagem da carta de aviso prévio (data e código de rastreamento do AR)',
    params: z.object({ id: idParam }),
    body: spcPostagemSchema,
    response: okData(z.object({ id, carta_postada_em: calendarDate, carta_rastreio: z.string(), inclusao_prevista: calendarDate })),
  }),
};
