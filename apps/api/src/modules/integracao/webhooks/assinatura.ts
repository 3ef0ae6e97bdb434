import { createHmac, randomBytes } from 'node:crypto';
import type { SecretBox } from '../../auth/secret-box.js';

/**
 * The signature of a delivery (docs/api.md "Assinatura", after Stripe's and Standard Webhooks'
 * scheme): `X-Assinatura: t=<unix seconds>,v1=<hex HMAC-SHA256(segredo, t + "." + corpo)>`, one
 * `v1=` per secret valid now — two during a rotation's overlap, so a receiver that still knows only
 * the previous secret keeps verifying until it switches.
 */
export const ASSINATURA_HEADER = 'x-assinatura';

export function assinar(segredos: readonly string[], timestamp: number, corpo: string): string {
  const assinaturas = segredos.map((s) => `v1=${createHmac('sha256', s).update(`${timestamp}.${corpo}`).digest('hex')}`);
  return [`t=${timestamp}`, ...assinaturas].join(',');
}

/** A new signing secret: `whsec_` and 32 random bytes in base64url. */
export function novoSegredo(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** Secrets are sealed at rest with the integrations' key, bound to their shop. */
const contexto = (empresaId: number) => `integracao-webhook:${empresaId}`;

export function selarSegredo(box: SecretBox, empresaId: number, segredo: string): string {
  return box.seal(segredo, contexto(empresaId));
}

export function abrirSegredo(box: SecretBox, empresaId: number, selado: string): string | null {
  return box.open(selado, contexto(empresaId));
}
