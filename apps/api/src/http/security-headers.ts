import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Security headers on every answer (docs/security.md, ASVS V3/V13). The web app loads everything
 * from its own origin: its scripts and styles (Vite bundle), data:/blob: images (favicon, QR codes,
 * PDFs opened as object URLs) and calls to /api. Mantine writes style attributes and <style> tags
 * at run time, so styles (and only styles) allow 'unsafe-inline'; scripts never do.
 */
const SPA_POLICY = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data: blob:",
  'font-src': "'self' data:",
  'connect-src': "'self'",
  // a page may show one of our PDFs (e.g. the signing page): from our origin or an object URL
  'frame-src': "'self' blob:",
  'object-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
} as const;

const policy = (directives: Record<string, string>) =>
  Object.entries(directives)
    .map(([k, v]) => `${k} ${v}`)
    .join('; ');

/** The web app and the API documentation pages. */
export const SPA_CSP = policy(SPA_POLICY);
/** JSON, CSV and other API answers: nothing to load, never framed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
/** PDFs: shown by the browser's viewer, which our own pages may frame. */
export const PDF_CSP = policy({ ...SPA_POLICY, 'frame-ancestors': "'self'" });

/** Browser features the app never uses. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=(), browsing-topics=()';

/** Two years, with subdomains; sent only on answers that came over HTTPS (RFC 6797 §7.2). */
export const HSTS = 'max-age=63072000; includeSubDomains';

function framableByUs(contentType: string, csp: string | undefined): boolean {
  return contentType.startsWith('application/pdf') || /frame-ancestors\s+'self'/.test(csp ?? '');
}

function isApi(request: FastifyRequest): boolean {
  return request.url.startsWith('/api/') || request.url === '/api';
}

function isApiDocs(request: FastifyRequest): boolean {
  return request.url === '/api/docs' || request.url.startsWith('/api/docs/') || request.url.startsWith('/api/docs?');
}

function contentSecurityPolicy(request: FastifyRequest, contentType: string): string {
  if (!isApi(request) || isApiDocs(request)) return SPA_CSP;
  if (contentType.startsWith('application/pdf')) return PDF_CSP;
  return API_CSP;
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply) => applySecurityHeaders(request, reply));
}

/** The headers of every answer; also called by answers that bypass the hooks (router errors). */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  const contentType = String(reply.getHeader('content-type') ?? '');
  // a route that set its own policy (a public receipt, a sandboxed upload) keeps it
  const own = reply.getHeader('content-security-policy') as string | undefined;
  const framable = framableByUs(contentType, own);
  if (!own) reply.header('content-security-policy', contentSecurityPolicy(request, contentType));
  else if (!/frame-ancestors/.test(own)) reply.header('content-security-policy', `${own}; frame-ancestors ${framable ? "'self'" : "'none'"}`);
  reply.header('x-frame-options', framable ? 'SAMEORIGIN' : 'DENY');
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'no-referrer'); // the signing and receipt pages carry a token in their address
  reply.header('permissions-policy', PERMISSIONS_POLICY);
  reply.header('cross-origin-opener-policy', 'same-origin');
  reply.header('cross-origin-resource-policy', 'same-origin');
  reply.header('x-permitted-cross-domain-policies', 'none');
  if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  // Every /api answer may carry personal data (CPF, names, documents, receipts): never stored by
  // the browser or a proxy. The API description (public, no data) may be cached.
  if (isApi(request) && !isApiDocs(request)) reply.header('cache-control', 'no-store');
}
