import { z } from 'zod';
import { idParam, idParamSchema, pagingQuerySchema, wholeNumberSchema } from '../schemas/common.js';
import { MSG } from '../schemas/messages.js';
import { API_ESCOPOS } from './api-v1.js';
import { defineContract } from './contract.js';
import { id, okData, pagedOf, timestamp } from './envelope.js';

/**
 * Administração > Integrações, the public API's keys (issue 28, decision 117, docs/api.md): a shop's
 * users holding PERMISSION.INTEGRACOES manage their own shop's keys, administradores any shop's.
 * The secret (`chave`) is answered once, when it is made (create, rotate), and stored only hashed.
 */
const tags = ['integracao'];

export const CHAVE_MSG = {
  semPermissao: 'Você não tem permissão para gerenciar as chaves de API.',
  naoEncontrada: 'Chave de API não encontrada.',
  jaRevogada: 'Esta chave já foi revogada.',
  revogada: 'Chave revogada. As chamadas com ela passam a ser recusadas.',
  criada: 'Chave criada. Copie-a agora: ela não será mostrada novamente.',
  rotacionada: 'Novo segredo gerado. Copie-o agora: ele não será mostrado novamente.',
  expirada: 'Esta chave expirou: crie uma nova.',
  escopos: 'Escolha ao menos um escopo.',
  ip: 'Informe um endereço IP ou bloco CIDR válido (ex.: 203.0.113.10 ou 203.0.113.0/24).',
  expiraPassado: 'A validade deve ser uma data futura.',
  sobreposicao: 'Informe de 0 a 168 horas.',
} as const;

/** Most addresses and blocks an allow-list holds. */
export const MAX_IPS_POR_CHAVE = 20;
/** Longest overlap of a rotation: a week. */
export const MAX_SOBREPOSICAO_HORAS = 168;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HEXTET = /^[0-9a-f]{1,4}$/i;

function isIpv6(text: string): boolean {
  let s = text;
  const groups = 8;
  // an embedded IPv4 tail (::ffff:192.0.2.1) counts as two groups
  const lastColon = s.lastIndexOf(':');
  if (lastColon >= 0 && s.slice(lastColon + 1).includes('.')) {
    if (!IPV4.test(s.slice(lastColon + 1))) return false;
    s = `${s.slice(0, lastColon + 1)}0:0`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return false;
  const parts = (h: string) => (h === '' ? [] : h.split(':'));
  const head = parts(halves[0]);
  const tail = halves.length === 2 ? parts(halves[1]) : [];
  if (![...head, ...tail].every((g) => HEXTET.test(g))) return false;
  return halves.length === 2 ? head.length + tail.length < groups : head.length === groups;
}

/** An IPv4/IPv6 address, or a CIDR block of one (`203.0.113.0/24`, `2001:db8::/32`). */
export function isIpOrCidr(value: string): boolean {
  const [addr, bits, extra] = value.split('/');
  if (extra !== undefined) return false;
  const v4 = IPV4.test(addr);
  if (!v4 && !isIpv6(addr)) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (v4 ? 32 : 128);
}

export const chaveEscopoSchema = z.enum(API_ESCOPOS);

/**
 * Expiry: a date (`AAAA-MM-DD`: the key works until the end of that day, horário de Brasília) or
 * an ISO 8601 date-time with its offset; the use-case refuses a moment already past.
 */
const expiraEmSchema = z.union([
  z.iso.date({ error: 'Informe uma data válida!' }),
  z.iso.datetime({ offset: true, error: 'Informe uma data válida!' }),
], { error: 'Informe uma data válida!' });

export const criarChaveSchema = z.object({
  empresa_id: idParam,
  nome: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(80, 'Até 80 caracteres.'),
  escopos: z
    .array(chaveEscopoSchema, { error: CHAVE_MSG.escopos })
    .min(1, CHAVE_MSG.escopos)
    .transform((list) => [...new Set(list)]),
  ips: z
    .array(z.string().trim().refine(isIpOrCidr, CHAVE_MSG.ip))
    .max(MAX_IPS_POR_CHAVE, `Até ${MAX_IPS_POR_CHAVE} endereços.`)
    .optional()
    .nullable()
    .transform((list) => [...new Set(list ?? [])]),
  expira_em: expiraEmSchema.optional().nullable().transform((v) => v ?? null),
});
export type CriarChaveInput = z.infer<typeof criarChaveSchema>;

export const rotacionarChaveSchema = z.object({
  sobreposicao_horas: wholeNumberSchema(CHAVE_MSG.sobreposicao, { min: 0, max: MAX_SOBREPOSICAO_HORAS }),
});

export const CHAVE_STATUS = ['ativa', 'expirada', 'revogada'] as const;
export type ChaveStatus = (typeof CHAVE_STATUS)[number];

/** A key as Integrações lists it: never its secret. */
export const chaveJson = z.object({
  id,
  empresa_id: id,
  empresa: z.string(),
  nome: z.string(),
  /** The current secret's visible part, `bg_live_XXXXXXXX`. */
  prefixo: z.string(),
  escopos: z.array(chaveEscopoSchema),
  ips: z.array(z.string()),
  expira_em: timestamp.nullable(),
  status: z.enum(CHAVE_STATUS),
  criado_em: timestamp,
  criado_por: z.string().nullable(),
  ultimo_uso_em: timestamp.nullable(),
  ultimo_uso_ip: z.string().nullable(),
  revogada_em: timestamp.nullable(),
  /** After a rotation: the previous secret, valid until `valido_ate`. */
  segredo_anterior: z.object({ prefixo: z.string(), valido_ate: timestamp }).nullable(),
});

const chaveListQuery = pagingQuerySchema.extend({ empresa_id: idParam.optional() });

/** The secret once: `chave` is the whole token a client sends as `Authorization: Bearer <chave>`. */
const segredoJson = z.object({ id, prefixo: z.string(), chave: z.string() });

export const integracaoChavesContracts = {
  criar: defineContract({
    method: 'POST', path: '/api/integracao/chaves', access: 'authenticated', tags,
    summary: 'Criar chave de API (o segredo é mostrado só nesta resposta)',
    body: criarChaveSchema,
    response: okData(segredoJson),
  }),
  listar: defineContract({
    method: 'GET', path: '/api/integracao/chaves', access: 'authenticated', tags,
    summary: 'Chaves de API',
    query: chaveListQuery,
    response: pagedOf(chaveJson),
  }),
  revogar: defineContract({
    method: 'POST', path: '/api/integracao/chaves/:id/revogar', access: 'authenticated', tags,
    summary: 'Revogar chave de API',
    params: idParamSchema,
    response: okData(chaveJson),
  }),
  rotacionar: defineContract({
    method: 'POST', path: '/api/integracao/chaves/:id/rotacionar', access: 'authenticated', tags,
    summary: 'Gerar novo segredo; o anterior vale durante a sobreposição',
    params: idParamSchema,
    body: rotacionarChaveSchema,
    response: okData(segredoJson.extend({ anterior_valido_ate: timestamp })),
  }),
} as const;
