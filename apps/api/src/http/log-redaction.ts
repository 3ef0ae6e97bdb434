import type { FastifyRequest } from 'fastify';

/**
 * What the request log records of a URL (docs/security.md, ASVS V16): the path without its query
 * string (a list search may be a CPF, a signed file link carries its signature) and with the
 * public tokens masked (signing page, receipts), so the log never holds a credential or a document.
 */
// /pagar/{codigo}: the payer page's 7-day access code (decision 116), a credential like the others; /api/mensagem/descadastro/{token}: an e-mail's opt-out link
const TOKEN_PATHS = [/^(\/api\/assinatura\/)(?!getByGarantia\/)[^/?]+/, /^(\/api\/boleto\/getComprovante\/)[^/?]+/, /^(\/pagar\/)[^/?]+/, /^(\/api\/mensagem\/descadastro\/)[^/?]+/];

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  for (const re of TOKEN_PATHS) path = path.replace(re, '$1***');
  return q === -1 ? path : `${path}?***`;
}

/** Pino serializer of the request: Fastify's default fields, with the URL redacted. */
export function redactedRequestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
