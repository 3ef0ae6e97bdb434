import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyJwt from '@fastify/jwt';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { registerAuth, signAccessTokenWith } from './http/auth.js';
import type { AppContext } from './http/context.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerSpa } from './http/spa.js';
import { routeModules } from './routes/index.js';
import { localFileStorage } from './adapters/storage/file-storage.js';
import { fileLinkSigner } from './modules/files/signed-link.js';

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteOptions[];
  }
}

export type BuildOptions = {
  database: Database;
  config: Config;
  logger?: boolean | object;
  /** Tests set 0 to skip the login slow-down; the policy itself stays on. */
  loginDelayBaseMs?: number;
};

/** Builds the whole HTTP application; main.ts listens, tests inject. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
  });
  // The route table (with each route's contract in its config) for the coverage test and the matrix.
  const routeTable: RouteOptions[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => void routeTable.push(route));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandler(app);
  registerSecurityHeaders(app);
  await app.register(fastifyCookie);
  const jwtSecret = config.jwtSecret ?? randomBytes(48).toString('hex');
  await app.register(fastifyJwt, { secret: jwtSecret });
  // Per-route limits are set where files are received; these are the global ceilings.
  await app.register(fastifyMultipart, { limits: { fileSize: 500 * 1024 * 1024, files: 12, fields: 20 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Boleto Garantido API', version: '1.0.0', description: 'API do back office Boleto Garantido.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });

  registerAuth(app, database.db);

  const ctx: AppContext = {
    database,
    config,
    session: {
      policy: {
        maxFailures: config.loginMaxFailures,
        lockMinutes: config.loginLockMinutes,
        delayBaseMs: opts.loginDelayBaseMs ?? 250,
      },
      refreshTtlSeconds: config.refreshTokenTtlSeconds,
      refreshReuseGraceSeconds: config.refreshReuseGraceSeconds,
      signAccessToken: signAccessTokenWith(app, config.accessTokenTtlSeconds),
      onLocked: (login, ip) => app.log.warn({ login, ip }, 'login locked after repeated failures'),
    },
    storage: localFileStorage(config.storageDir),
    fileLinks: fileLinkSigner(config.fileLinkSecret ?? jwtSecret, config.fileLinkTtlSeconds),
  };
  for (const register of routeModules) await register(app, ctx);
  await registerSpa(app, config.webDist);
  return app;
}
