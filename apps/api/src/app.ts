import { randomBytes } from 'node:crypto';
import path from 'node:path';
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
import { registerDiskGuard } from './http/disk-guard.js';
import { redactedRequestSerializer } from './http/log-redaction.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerSpa } from './http/spa.js';
import { routeModules } from './routes/index.js';
import { bankAdapters } from './adapters/bank/choose-bank-adapter.js';
import { bankCredentialsKey, lazySecretBox } from './adapters/bank/credentials-key.js';
import { bankSandboxPlugin } from './bank-sandbox/build-bank-sandbox.js';
import { tickBanks } from './modules/banco/banco-jobs.js';
import { tickWebhooks } from './modules/integracao/webhooks/tick-webhooks.js';
import { webhookTargets } from './modules/banco/conta-banco.js';
import { chooseBureau } from './adapters/bureau/choose-bureau.js';
import { cepProviders } from './adapters/cep/cep-provider.js';
import { chooseMessaging } from './adapters/messaging/choose-messaging.js';
import { verpSigner } from './adapters/messaging/verp.js';
import { localFileStorage } from './adapters/storage/file-storage.js';
import { fileLinkSigner } from './modules/files/signed-link.js';
import { jobCatalogue } from './jobs/catalogue.js';
import { registerJobs, type JobsBuildOptions } from './jobs/register-jobs.js';
import { a1FromConfig } from './modules/assinatura/pades-signer.js';
import { challengeSigner } from './modules/auth/login-challenge.js';
import { secretBox } from './modules/auth/secret-box.js';
import { requestUserLoader } from './modules/auth/session-user.js';
import { retentionMonths } from './modules/lgpd/purge-acessos.js';
import type { AppServices } from './services.js';
import { systemClock, type Clock } from './shared/clock.js';

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteOptions[];
    /** The services this app built (main.ts seeds with its storage; tests reach them here). */
    services: AppServices;
  }
}

export type BuildOptions = {
  database: Database;
  config: Config;
  logger?: boolean | object;
  /**
   * @deprecated Ignored since decision 106: the login limits answer 429 with Retry-After instead of
   * sleeping before an answer, so there is no delay to skip. Kept so existing callers compile.
   */
  loginDelayBaseMs?: number;
  /** Job queue overrides (tests: a pg-boss schema of their own, faster polling, their own kinds); JOBS picks on/off. */
  jobs?: JobsBuildOptions;
  /** The time the app decides by (default: the system clock). */
  clock?: Clock;
};

/**
 * The services, built once from the configuration: file storage, signed file links, the bureau,
 * messaging and CEP adapters chosen by their variables, the clock. buildApp is their only caller
 * (tests that run a bare JobQueue use it too).
 */
export function buildServices(config: Config, deps: { clock: Clock; log: { info(obj: object, msg?: string): void }; fileLinkSecret: string }): AppServices {
  // the bounce addresses are signed with the file-link secret (a key derived from it): JWT_SECRET in production
  const verp = config.messaging.bounce ? verpSigner(deps.fileLinkSecret, config.messaging.bounce.domain) : null;
  return {
    storage: localFileStorage(config.storageDir),
    fileLinks: fileLinkSigner(deps.fileLinkSecret, config.fileLinkTtlSeconds, () => deps.clock.now().getTime()),
    bureau: chooseBureau(config.bureauProvider, deps.clock),
    // the outbox provider logs what would be sent, as the send job's own log lines
    messaging: chooseMessaging(config.messaging, deps.log, verp),
    verp,
    cep: { providers: cepProviders(config.cep.providers, config.cep.timeoutMs), cacheDays: config.cep.cacheDays },
    clock: deps.clock,
    bank: {
      adapters: bankAdapters(),
      // made on first use: a process that never touches a conta's credentials writes no key file
      box: lazySecretBox(() => secretBox(bankCredentialsKey(config.bank.credentialsKey, config.jwtSecret, config.dataDir), 'bank-credentials')),
      webhookSecret: config.bank.webhookSecret,
      publicUrl: config.publicUrl,
      timeoutMs: config.bank.timeoutMs,
    },
    webhooks: { privateUrls: config.webhooks.privateUrls, timeoutMs: config.webhooks.timeoutMs, retryBaseSeconds: config.webhooks.retryBaseSeconds },
  };
}

/**
 * Banks by API (docs/banks.md): the local bank sandbox in this process (BANK_SANDBOX=on, the demo
 * conta's bank: its webhooks come back to this API), and — with JOBS=on — the ticker that enqueues
 * banco.sincronizar for every conta with work, every BANK_SYNC_SECONDS.
 */
async function registerBanks(app: FastifyInstance, ctx: AppContext, clock: Clock) {
  const { config } = ctx;
  const db = ctx.database.db;
  let targets = new Map<string, string>();
  const refreshTargets = async () => {
    targets = await webhookTargets(db, ctx.bank, `http://127.0.0.1:${config.port}`);
  };
  if (config.bank.sandbox) {
    await app.register(bankSandboxPlugin, {
      prefix: '/sandbox-banco',
      stateFile: path.join(config.dataDir, 'bank-sandbox.json'),
      webhookUrl: (convenio: string) => targets.get(convenio) ?? null,
      now: () => clock.now(),
    });
  }
  if (config.jobs !== 'on') return;
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      if (config.bank.sandbox) await refreshTargets();
      await tickBanks(db, ctx.jobs);
    } catch (e) {
      app.log.warn({ err: e }, 'banco: a verificação de trabalho pendente falhou; tenta de novo no próximo ciclo');
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', async () => {
    // the first tick after one interval: onReady runs before listen, and the in-process sandbox is this server
    timer = setInterval(() => void tick(), config.bank.syncSeconds * 1000);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
  });
}

/**
 * The shops' webhooks (decision 118): with JOBS=on, every WEBHOOK_TICK_SECONDS a delivery job for
 * each endpoint with a delivery due, and the e-mail to shops whose endpoint was paused.
 */
function registerWebhookTicker(app: FastifyInstance, ctx: AppContext) {
  if (ctx.config.jobs !== 'on') return;
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await tickWebhooks(ctx.database.db, ctx.jobs);
    } catch (e) {
      app.log.warn({ err: e }, 'webhooks: a verificação de entregas pendentes falhou; tenta de novo no próximo ciclo');
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void tick(), ctx.config.webhooks.tickSeconds * 1000);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
  });
}

/**
 * Fastify's trustProxy from TRUST_PROXY (decision 106): the proxies' addresses as they are; a hop
 * count as a function trusting the `hops` nearest hops whatever their address (Fastify 5.12 turns
 * a bare number into "trust nothing"); false trusts no X-Forwarded-* at all.
 */
export function trustProxyOption(setting: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/**
 * Builds the whole HTTP application — the one composition root (docs/decisions/101): the services,
 * the job queue on the catalogue, the session's signers and prepared statement, then the routes,
 * each given the one AppContext. main.ts listens, tests inject.
 */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    // request URLs are logged without query strings or public tokens (http/log-redaction.ts)
    logger: opts.logger ?? { level: config.logLevel, serializers: { req: redactedRequestSerializer } },
    // only the configured proxies' X-Forwarded-* are believed (TRUST_PROXY, decision 106)
    trustProxy: trustProxyOption(config.trustProxy),
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
  // one algorithm, both ways: a token naming another (none, RS256 with our secret as a key) is refused;
  // and a token without an expiry, an issue time, a user or a token version is no token of ours
  // (http/auth.ts checks their types too; decision 106)
  await app.register(fastifyJwt, {
    secret: jwtSecret,
    sign: { algorithm: 'HS256' },
    verify: { algorithms: ['HS256'], requiredClaims: ['exp', 'iat', 'sub', 'tv'] },
  });
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

  const clock = opts.clock ?? systemClock;
  const jobsLog = app.log.child({ module: 'jobs' });
  const services = buildServices(config, { clock, log: jobsLog, fileLinkSecret: config.fileLinkSecret ?? jwtSecret });
  app.decorate('services', services);

  registerAuth(app, requestUserLoader(database.db), { requireAdmin2fa: config.requireAdmin2fa });
  registerRateLimits(app, database.db, { bureau: { max: config.bureauRateLimit, windowSeconds: 60 } });
  // PGlite's disk nearly full: writes answer 507 before they start (decision 107)
  registerDiskGuard(app, database);

  const meses = retentionMonths(config.lgpdAccessLogRetentionMonths);
  if (meses !== config.lgpdAccessLogRetentionMonths) {
    app.log.warn({ configurado: config.lgpdAccessLogRetentionMonths, aplicado: meses }, 'LGPD_ACCESS_LOG_RETENTION_MONTHS abaixo do mínimo: o registro de acessos é mantido por pelo menos 6 meses');
  }
  // started on ready (workers and crons with JOBS=on), stopped on close (src/jobs/); also app.jobs
  const jobs = registerJobs(app, { database, mode: config.jobs, catalogue: jobCatalogue(config, { jobs: () => jobs }), services, options: { ...config.jobLease, ...opts.jobs } });

  // a wrong SIGNATURE_P12_PATH / SIGNATURE_P12_PASSWORD fails the start, not the first signature
  const a1 = a1FromConfig(config);
  if (a1) app.log.info({ titular: a1.titular, validade: a1.notAfter }, 'assinatura: duplicatas assinadas também em PAdES com o certificado A1');

  const ctx: AppContext = {
    ...services,
    database,
    config,
    jobs,
    a1,
    session: {
      limits: config.loginLimits,
      refreshTtlSeconds: config.refreshTokenTtlSeconds,
      refreshReuseGraceSeconds: config.refreshReuseGraceSeconds,
      signAccessToken: signAccessTokenWith(app, config.accessTokenTtlSeconds, config.requireAdmin2fa),
      onBackoff: (login, key) => app.log.warn({ login, key }, 'login attempts now wait after repeated failures'),
      twoFactor: {
        box: secretBox(config.totpEncryptionKey ?? jwtSecret),
        challenges: challengeSigner(jwtSecret, undefined, () => clock.now().getTime()),
        onUnreadableSecret: (usuarioId) =>
          app.log.error({ usuarioId }, 'segredo TOTP ilegível: TOTP_ENCRYPTION_KEY ou JWT_SECRET mudou; só os códigos de recuperação funcionam até nova configuração'),
      },
    },
  };
  for (const register of routeModules) await register(app, ctx);
  await registerBanks(app, ctx, clock);
  registerWebhookTicker(app, ctx);
  await registerSpa(app, config.webDist);
  return app;
}
