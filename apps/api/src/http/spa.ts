import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built web app. Any GET outside /api that is not a file answers index.html so the
 * React router (history mode) can route it; /api paths keep the JSON 404.
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn(`web app not built (${index} missing): run "npm run build"`);
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ status: 404, msg: 'Recurso não encontrado.' }));
    return;
  }
  await app.register(fastifyStatic, { root: webDist, prefix: '/', wildcard: false, index: false, maxAge: '1h' });
  const html = fs.readFileSync(index, 'utf8');
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && !request.url.startsWith('/api')) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }
    return reply.status(404).send({ status: 404, msg: 'Recurso não encontrado.' });
  });
}
