import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

const IMMUTABLE = 'public, max-age=31536000, immutable';

type HtmlPage = { raw: Buffer; br?: Buffer; gzip?: Buffer };

/** A built HTML page and the .br/.gz copies the build wrote beside it (apps/web/vite.config.ts). */
function readPage(file: string): HtmlPage {
  const beside = (ext: string) => (fs.existsSync(file + ext) ? fs.readFileSync(file + ext) : undefined);
  return { raw: fs.readFileSync(file), br: beside('.br'), gzip: beside('.gz') };
}

/** The page in the best encoding the browser accepts, revalidated on every load. */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: HtmlPage) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
  if (page.br && /\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(page.br);
  if (page.gzip && /\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.raw);
}

/**
 * Serves the built web app. Any GET outside /api and /assets that is not a file answers index.html
 * so the React router (history mode) can route it; /api paths keep the JSON 404. Assets go out
 * precompressed (brotli or gzip, as the browser accepts) and, being content-hashed, cached for a
 * year; index.html is revalidated on every load, so a deploy reaches everyone at once. /login answers
 * login.html, the same page with the login screen already drawn in it (decision 096).
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
  const indexPage = readPage(index);
  // an older build without it: /login is routed by the app like any other path
  const loginFile = path.join(webDist, 'login.html');
  const loginPage = fs.existsSync(loginFile) ? readPage(loginFile) : null;
  app.setNotFoundHandler((request, reply) => {
    // a chunk of an older build (a tab opened before a deploy) is a 404, never index.html as JS
    if (request.method === 'GET' && !request.url.startsWith('/api') && !request.url.startsWith('/assets/')) {
      const pathname = request.url.split('?')[0];
      return sendPage(request, reply, pathname === '/login' && loginPage ? loginPage : indexPage);
    }
    return reply.status(404).send({ status: 404, msg: 'Recurso não encontrado.' });
  });
}
