import { z } from 'zod';
import { onlyDigits } from '../documents/cpf-cnpj.js';
import { cpfCnpjSchema, phoneSchema } from '../schemas/common.js';
import { MSG } from '../schemas/messages.js';
import { ASSINATURA_MSG } from './assinatura-messages.js';

/**
 * PENDENTE: link sent, not yet used (expired when expires_at passed); ASSINADA: signed (the link is
 * used up); SUBSTITUIDA: a newer request for the same guarantee replaced it before it was used.
 */
export const ASSINATURA_STATUSES = ['PENDENTE', 'ASSINADA', 'SUBSTITUIDA'] as const;
export type AssinaturaStatus = (typeof ASSINATURA_STATUSES)[number];
/** What screens show: a PENDENTE request past its expiry reads EXPIRADA. */
export const ASSINATURA_SITUACOES = [...ASSINATURA_STATUSES, 'EXPIRADA'] as const;
export type AssinaturaSituacao = (typeof ASSINATURA_SITUACOES)[number];

export function assinaturaSituacao(status: AssinaturaStatus, expiresAt: Date | string, now: Date = new Date()): AssinaturaSituacao {
  return status === 'PENDENTE' && new Date(expiresAt).getTime() <= now.getTime() ? 'EXPIRADA' : status;
}

/**
 * EVIDENCIAS: advanced electronic signature by evidence (Lei 14.063/2020 art. 4º II); PADES: the
 * signed PDF also carries a PAdES digital signature made with the A1 certificate configured on the
 * server (SIGNATURE_P12_PATH).
 */
export const ASSINATURA_TIPOS = ['EVIDENCIAS', 'PADES'] as const;
export type AssinaturaTipo = (typeof ASSINATURA_TIPOS)[number];

/** A signing token: 32 random bytes in base64url (43 characters). Anything else is refused unread. */
export const ASSINATURA_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const requiredEmail = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .max(150, 'Máximo de 150 caracteres')
  .refine((v) => z.string().email().safeParse(v).success, MSG.emailInvalid)
  .transform((v) => v.toLowerCase());

/** The "Assinatura digital" modal (spec §5 Signature: phone and e-mail, both required). */
export const assinaturaEnvioSchema = z.object({ email: requiredEmail, telefone: phoneSchema });
export type AssinaturaEnvioInput = z.input<typeof assinaturaEnvioSchema>;

/** The public signing form: the buyer's CPF/CNPJ, the signer's full name and the ticked acceptance. */
export const assinaturaAssinarSchema = z.object({
  cpf_cnpj: cpfCnpjSchema,
  nome: z
    .string({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    .max(150, 'Máximo de 150 caracteres')
    .transform((v) => v.replace(/\s+/g, ' '))
    .refine((v) => /^\S{2,}(\s\S+)+$/u.test(v), ASSINATURA_MSG.nomeCompleto),
  aceite: z.literal(true, { error: ASSINATURA_MSG.aceiteObrigatorio }),
});
export type AssinaturaAssinarInput = z.input<typeof assinaturaAssinarSchema>;

/** The signer's document is the buyer's when their digits are equal (masks and spaces ignored). */
export function sameDocumentDigits(a: string, b: string): boolean {
  const x = onlyDigits(a);
  return x.length > 0 && x === onlyDigits(b);
}

/**
 * A CPF/CNPJ shown on the public page with its first and last digits hidden
 * ("***.456.789-**", "**.345.678/0001-**"): enough for the signer to recognise it.
 */
export function maskDocument(value: string): string {
  const d = onlyDigits(value);
  if (d.length === 11) return `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`;
  if (d.length === 14) return `**.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-**`;
  return '***';
}
