import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app. Any GET outside /api and /assets that is not a file answers index.html
 * so the React router (history mode) can route it; /api paths keep the JSON 404. Assets go out
 * precompressed (brotli or gzip, as the browser accepts) and, being content-hashed, cached for a
 * year; index.html is revalidated on every load, so a deploy reaches everyone at once.
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn(`web app not built (${index} missing): run "npm run build"`);
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ status: 404, msg: 'Recurso não encontrado.' }));
    return;
  }
  const assets = path.join(webDist, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    // the build writes .br and .gz beside each asset (apps/web/vite.config.ts): sent as they are
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, file) => {
      // hashed names change with their content: cached for good; anything else is revalidated
      reply.header('cache-control', file.startsWith(assets) ? IMMUTABLE : 'no-cache');
    },
  });
  const html = fs.readFileSync(index, 'utf8');
  app.setNotFoundHandler((request, reply) => {
    // a chunk of an older build (a tab opened before a deploy) is a 404, never index.html as JS
    if (request.method === 'GET' && !request.url.startsWith('/api') && !request.url.startsWith('/assets/')) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }
    return reply.status(404).send({ status: 404, msg: 'Recurso não encontrado.' });
  });
}
