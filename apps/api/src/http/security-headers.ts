import type { FastifyInstance } from 'fastify';

/** Conservative headers for every answer; the SPA needs nothing from other origins. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs')) reply.header('cache-control', 'no-store');
  });
}
