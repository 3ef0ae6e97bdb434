import { z } from 'zod';
import { ASSINATURA_SITUACOES, ASSINATURA_TIPOS, assinaturaAssinarSchema, assinaturaEnvioSchema } from '../assinatura/assinatura-rules.js';
import { idParam } from '../schemas/common.js';
import { defineContract } from './contract.js';
import { calendarDate, id, money, okData, timestamp } from './envelope.js';

/**
 * Digital signature of the duplicatas (spec §2 Boletos da Garantia "Assinatura digital", §7
 * getDuplicataAssinatura; docs/assinatura.md). The send call keeps the spec's boleto path; the
 * signing page's calls are public and answer any unusable token with the same 404.
 */
const tags = ['assinatura'];

const garantiaIdParams = z.object({ garantiaId: idParam });
/** Any text: a malformed token is answered like an unknown one ("link inválido ou expirado"). */
const tokenParams = z.object({ token: z.string().max(200) });

export const assinaturaSituacaoSchema = z.enum(ASSINATURA_SITUACOES);
export const assinaturaTipoSchema = z.enum(ASSINATURA_TIPOS);

/** A signing request as the guarantee's screens list it. */
export const assinaturaJson = z.object({
  id,
  situacao: assinaturaSituacaoSchema,
  email: z.string(),
  telefone: z.string(),
  created_at: timestamp,
  created_by: z.string().nullable(),
  expires_at: timestamp,
  opened_at: timestamp.nullable(),
  signed_at: timestamp.nullable(),
  signer_nome: z.string().nullable(),
  documento_sha256: z.string(),
  assinado_sha256: z.string().nullable(),
  tipo: assinaturaTipoSchema.nullable(),
});

/** What the public page shows before signing: who is asked, the duplicatas and the document's hash. */
export const assinaturaPublicaJson = z.object({
  signatario: z.object({ nome: z.string(), documento: z.string().meta({ description: 'CPF/CNPJ com os primeiros e últimos dígitos ocultos' }) }),
  emitente: z.object({ razao: z.string(), cnpj: z.string() }),
  documento: z.object({
    protocolo: z.string(),
    emissao: calendarDate,
    parcelas: z.array(z.object({ numero: z.string(), valor: money, vencimento: calendarDate })),
    total: money,
    sha256: z.string(),
    tamanho: z.number().int(),
  }),
  expires_at: timestamp,
  aceite: z.string(),
});

export const assinaturaContracts = {
  getDuplicataAssinatura: defineContract({
    method: 'POST', path: '/api/boleto/getDuplicataAssinatura/:garantiaId', access: 'authenticated', tags,
    summary: 'Envia as duplicatas da garantia para assinatura digital (link por WhatsApp e e-mail)',
    params: garantiaIdParams,
    body: assinaturaEnvioSchema,
    response: okData(z.object({ id, expires_at: timestamp, mensagens: z.array(id) })),
  }),
  getByGarantia: defineContract({
    method: 'GET', path: '/api/assinatura/getByGarantia/:garantiaId', access: 'authenticated', tags,
    summary: 'Envios para assinatura de uma garantia, mais recentes primeiro',
    params: garantiaIdParams,
    response: okData(z.array(assinaturaJson)),
  }),
  getPublica: defineContract({
    method: 'GET', path: '/api/assinatura/:token', access: 'public', tags,
    summary: 'Página pública de assinatura: quem assina, resumo e hash do documento',
    params: tokenParams,
    response: okData(assinaturaPublicaJson),
  }),
  getDocumento: defineContract({
    method: 'GET', path: '/api/assinatura/:token/documento', access: 'public', tags,
    summary: 'O PDF das duplicatas exatamente como gerado no envio (o hash mostrado na página)',
    params: tokenParams,
    file: { contentTypes: ['application/pdf'], description: 'As duplicatas em PDF' },
  }),
  assinar: defineContract({
    method: 'POST', path: '/api/assinatura/:token/assinar', access: 'public', tags,
    summary: 'Assina as duplicatas (CPF/CNPJ do sacado, nome completo e aceite)',
    params: tokenParams,
    body: assinaturaAssinarSchema,
    response: okData(
      z.object({ assinado_em: timestamp, documento_sha256: z.string(), assinado_sha256: z.string(), tipo: assinaturaTipoSchema }),
    ),
  }),
};
