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
import { frameworkErrorHandler, registerErrorHandler } from './http/error-handler.js';
import { registerRateLimits } from './http/rate-limit.js';
import { redactedRequestSerializer } from './http/log-redaction.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerSpa } from './http/spa.js';
import { routeModules } from './routes/index.js';
import { localFileStorage } from './adapters/storage/file-storage.js';
import { fileLinkSigner } from './modules/files/signed-link.js';
import { registerJobs, type JobsBuildOptions } from './jobs/register-jobs.js';
import { challengeSigner } from './modules/auth/login-challenge.js';
import { secretBox } from './modules/auth/secret-box.js';

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
  /** Job queue overrides (tests: a pg-boss schema of their own, faster polling); JOBS picks on/off. */
  jobs?: JobsBuildOptions;
};

/** Builds the whole HTTP application; main.ts listens, tests inject. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    // request URLs are logged without query strings or public tokens (http/log-redaction.ts)
    logger: opts.logger ?? { level: config.logLevel, serializers: { req: redactedRequestSerializer } },
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // a malformed or over-long path answers { status, msg } with the security headers too
    frameworkErrors: frameworkErrorHandler,
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
  // Several API processes (DATABASE_URL) must share JWT_SECRET: a random one is per process
  // (docs/deployment.md); it also keys the TOTP secrets when TOTP_ENCRYPTION_KEY is unset.
  if (!config.jwtSecret) {
    app.log.warn(
      'JWT_SECRET não definido: ' +
        (config.databaseUrl ? 'cada processo da API assina com um segredo aleatório próprio (os outros não aceitam suas sessões) e ' : '') +
        'as sessões acabam ao reiniciar' +
        (config.totpEncryptionKey ? '' : '; a verificação em duas etapas ativada agora não poderá ser lida depois de reiniciar') +
        '. Defina JWT_SECRET (igual em todos os processos; docs/deployment.md).',
    );
  }
  // one algorithm, both ways: a token naming another (none, RS256 with our secret as a key) is refused
  await app.register(fastifyJwt, { secret: jwtSecret, sign: { algorithm: 'HS256' }, verify: { algorithms: ['HS256'] } });
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

  registerAuth(app, database.db, { requireAdmin2fa: config.requireAdmin2fa });
  registerRateLimits(app, database.db, { bureau: { max: config.bureauRateLimit, windowSeconds: 60 } });
  // started on ready, stopped on close (src/jobs/); routes reach it as app.jobs
  registerJobs(app, { database, config, options: opts.jobs });

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
      signAccessToken: signAccessTokenWith(app, config.accessTokenTtlSeconds, config.requireAdmin2fa),
      onLocked: (login, ip) => app.log.warn({ login, ip }, 'login locked after repeated failures'),
      twoFactor: {
        box: secretBox(config.totpEncryptionKey ?? jwtSecret),
        challenges: challengeSigner(jwtSecret),
        onUnreadableSecret: (usuarioId) =>
          app.log.error({ usuarioId }, 'segredo TOTP ilegível: TOTP_ENCRYPTION_KEY ou JWT_SECRET mudou; só os códigos de recuperação funcionam até nova configuração'),
      },
    },
    storage: localFileStorage(config.storageDir),
    fileLinks: fileLinkSigner(config.fileLinkSecret ?? jwtSecret, config.fileLinkTtlSeconds),
  };
  for (const register of routeModules) await register(app, ctx);
  await registerSpa(app, config.webDist);
  return app;
}
