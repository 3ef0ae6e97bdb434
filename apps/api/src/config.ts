import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contaCobrancaSchema, type ContaCobrancaInput } from '@bg/domain';
import { envSchema, variableDoc, type EnvVariable, type ParsedEnv } from './config-schema.js';
import { invalidVariable } from './startup-errors.js';

/**
 * The API's configuration: every environment variable read once, here, and validated at start
 * (config-schema.ts has each variable's values, default and meaning; docs/configuration.md is
 * generated from it). Nothing else in apps/api/src reads process.env (a lint rule says so).
 */
export type Config = ReturnType<typeof loadConfig>;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

type Env = Record<string, string | undefined>;

/**
 * Reads the environment (the process's, or the one given: tests and tools). A value that does not
 * fit stops the start with one Portuguese sentence naming the variable (a StartupError, printed
 * alone by main.ts); unset and empty variables take their defaults.
 */
export function loadConfig(env: Env = process.env) {
  const vars = parseEnv(env);
  const dataDir = path.resolve(repoRoot, vars.DATA_DIR);
  return {
    repoRoot,
    port: vars.PORT,
    // The demo seed has well-known passwords: unless HOST says otherwise, only this machine may connect.
    host: vars.HOST ?? (vars.SEED === 'demo' ? '127.0.0.1' : '0.0.0.0'),
    hostFromEnv: vars.HOST !== undefined,
    databaseUrl: vars.DATABASE_URL ?? null,
    dataDir,
    seed: vars.SEED,
    adminPassword: vars.ADMIN_PASSWORD ?? null,
    // Without JWT_SECRET a random secret is made per process: safe, but sessions end on restart.
    jwtSecret: vars.JWT_SECRET ?? null,
    accessTokenTtlSeconds: vars.ACCESS_TOKEN_TTL,
    refreshTokenTtlSeconds: vars.REFRESH_TOKEN_TTL,
    refreshReuseGraceSeconds: vars.REFRESH_REUSE_GRACE,
    cookieSecure: vars.COOKIE_SECURE === 'auto' ? ('auto' as const) : vars.COOKIE_SECURE === 'true',
    // Login limits (modules/auth/login-throttle.ts, decision 106): a growing wait, never a lock.
    loginLimits: { freeFailures: vars.LOGIN_FREE_FAILURES, accountFreeFailures: vars.LOGIN_ACCOUNT_FREE_FAILURES, maxBackoffSeconds: vars.LOGIN_BACKOFF_MAX_SECONDS },
    bureauRateLimit: vars.BUREAU_RATE_LIMIT,
    // Calls per public API key per minute (/api/v1, decision 117).
    apiV1RateLimit: vars.API_V1_RATE_LIMIT,
    spcAvisoDias: vars.SPC_AVISO_DIAS,
    // Largest CNAB retorno upload (spec §5: 500 MB); a larger file is refused while it streams in.
    retornoMaxBytes: vars.RETORNO_MAX_MB * 1024 * 1024,
    storageDir: vars.STORAGE_DIR ? path.resolve(repoRoot, vars.STORAGE_DIR) : path.join(dataDir, 'files'),
    // Secret that signs expiring file links; defaults to the JWT secret (or a random one per process).
    fileLinkSecret: vars.FILE_LINK_SECRET ?? vars.JWT_SECRET ?? null,
    fileLinkTtlSeconds: vars.FILE_LINK_TTL,
    chatUrl: vars.CHAT_URL,
    webDist: path.resolve(repoRoot, vars.WEB_DIST),
    // false, a hop count or the proxies' addresses (never true: decision 106); app.ts hands it to Fastify
    trustProxy: vars.TRUST_PROXY,
    logLevel: vars.LOG_LEVEL,
    // on: this process runs background jobs (src/jobs/); off: it only enqueues them for a process that does.
    jobs: vars.JOBS,
    // Leases of running jobs (decision 108): heartbeat interval and how long a silent process keeps its jobs.
    jobLease: { heartbeatSeconds: vars.JOB_HEARTBEAT_SECONDS, leaseSeconds: vars.JOB_LEASE_SECONDS },
    // Address of the web app as customers reach it, for links sent by WhatsApp/e-mail (signature);
    // unset: the address of the request that creates the link.
    publicUrl: vars.PUBLIC_URL ? vars.PUBLIC_URL.replace(/\/+$/, '') : null,
    // Digital signature of duplicatas (docs/assinatura.md): link lifetime and the optional A1 certificate.
    signatureLinkTtlDays: vars.SIGNATURE_LINK_TTL_DAYS,
    signatureP12Path: vars.SIGNATURE_P12_PATH ? path.resolve(repoRoot, vars.SIGNATURE_P12_PATH) : null,
    signatureP12Password: vars.SIGNATURE_P12_PASSWORD,
    // Two-factor sign-in (docs/decisions/095): mandatory for administradores when 'true'.
    requireAdmin2fa: vars.REQUIRE_ADMIN_2FA,
    // Encrypts TOTP secrets at rest (AES-256-GCM); unset: derived from JWT_SECRET.
    totpEncryptionKey: vars.TOTP_ENCRYPTION_KEY ?? null,
    // LGPD access log kept this many months (never less than 6; the purge job clamps it).
    lgpdAccessLogRetentionMonths: vars.LGPD_ACCESS_LOG_RETENTION_MONTHS,
    // CEP lookup (adapters/cep): no providers means the cache only, offline.
    cep: { providers: vars.CEP_PROVIDERS, timeoutMs: vars.CEP_TIMEOUT_MS, cacheDays: vars.CEP_CACHE_DAYS },
    bureauProvider: vars.BUREAU_PROVIDER,
    messaging: {
      provider: vars.MESSAGING_PROVIDER,
      webhookUrl: vars.MESSAGING_WEBHOOK_URL ?? null,
      webhookToken: vars.MESSAGING_WEBHOOK_TOKEN ?? null,
      timeoutMs: vars.MESSAGING_TIMEOUT_MS,
      // e-mail by SMTP and WhatsApp by the Cloud API when configured (docs/messaging.md); else MESSAGING_PROVIDER
      smtp: vars.SMTP_URL ? { url: vars.SMTP_URL, from: vars.SMTP_FROM ?? '', replyTo: vars.SMTP_REPLY_TO ?? null } : null,
      // late bounces (docs/messaging.md "Bounces"): VERP Return-Paths on this domain, and the listener that reads the DSNs
      bounce: vars.SMTP_URL && vars.SMTP_BOUNCE_DOMAIN ? { domain: vars.SMTP_BOUNCE_DOMAIN, port: vars.BOUNCE_SMTP_PORT ?? null, host: vars.BOUNCE_SMTP_HOST } : null,
      whatsapp:
        vars.WHATSAPP_TOKEN && vars.WHATSAPP_PHONE_NUMBER_ID ? { apiUrl: vars.WHATSAPP_API_URL, phoneNumberId: vars.WHATSAPP_PHONE_NUMBER_ID, token: vars.WHATSAPP_TOKEN } : null,
      whatsappAppSecret: vars.WHATSAPP_APP_SECRET ?? null,
      whatsappVerifyToken: vars.WHATSAPP_VERIFY_TOKEN ?? null,
    },
    // The shops' webhooks (decision 118): private-network endpoints allowed by default only with the demo seed.
    webhooks: {
      privateUrls: (vars.WEBHOOK_PRIVATE_URLS ?? (vars.SEED === 'demo' ? 'on' : 'off')) === 'on',
      timeoutMs: vars.WEBHOOK_TIMEOUT_MS,
      tickSeconds: vars.WEBHOOK_TICK_SECONDS,
      /** First retry after this many seconds, doubled per attempt (tests shorten it). */
      retryBaseSeconds: 30,
    },
    // The beneficiary account of the BOLETO_* variables (null: the admin screen configures it).
    contaCobranca: contaOfEnv(vars),
    // Tests only (the browser suite's server): the app's clock starts here; null is the system clock.
    clockStart: vars.CLOCK_START ? new Date(vars.CLOCK_START) : null,
    // Banks by API (docs/banks.md): the demo conta's mode, the in-process sandbox, the BB_* conta.
    bank: {
      mode: vars.BANK_MODE,
      sandbox: vars.BANK_SANDBOX === 'on',
      webhookSecret: vars.BANK_WEBHOOK_SECRET ?? null,
      credentialsKey: vars.BANK_CREDENTIALS_KEY ?? null,
      timeoutMs: vars.BANK_TIMEOUT_MS,
      syncSeconds: vars.BANK_SYNC_SECONDS,
      bb: {
        apiUrl: vars.BB_API_URL ?? null,
        oauthUrl: vars.BB_OAUTH_URL ?? null,
        clientId: vars.BB_CLIENT_ID ?? null,
        clientSecret: vars.BB_CLIENT_SECRET ?? null,
        appKey: vars.BB_APP_KEY ?? null,
        convenio: vars.BB_CONVENIO ?? null,
        carteira: vars.BB_CARTEIRA ?? '17',
        variacao: vars.BB_VARIACAO ?? '35',
        agencia: vars.BB_AGENCIA ?? null,
        conta: vars.BB_CONTA ?? null,
      },
    },
  };
}

/** Variables that no longer exist, and what replaced them: set, they stop the start rather than be ignored. */
const RETIRED: Record<string, string> = {
  LOGIN_MAX_FAILURES: 'use LOGIN_FREE_FAILURES e LOGIN_ACCOUNT_FREE_FAILURES',
  LOGIN_LOCK_MINUTES: 'use LOGIN_BACKOFF_MAX_SECONDS',
};

function parseEnv(env: Env): ParsedEnv {
  for (const [name, instead] of Object.entries(RETIRED)) {
    // decision 106: a login is never locked by failures any more, it waits longer and longer
    if (env[name]) throw invalidVariable(name, `não existe mais: os logins não são mais bloqueados por falhas, as tentativas esperam cada vez mais (docs/configuration.md); ${instead}`);
  }
  const names = Object.keys(envSchema.shape) as EnvVariable[];
  // an empty variable counts as unset, as `VAR= npm start` means
  const given = Object.fromEntries(names.map((name) => [name, env[name] === '' ? undefined : env[name]]));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const name = parsed.error.issues[0].path[0] as EnvVariable;
    throw invalidVariable(name, variableDoc(name).rule, shown(name, given[name]));
  }
  const vars = parsed.data;
  if (vars.JOB_LEASE_SECONDS < 2 * vars.JOB_HEARTBEAT_SECONDS) {
    throw invalidVariable('JOB_LEASE_SECONDS', `deve ser pelo menos o dobro de JOB_HEARTBEAT_SECONDS (${vars.JOB_HEARTBEAT_SECONDS})`, String(vars.JOB_LEASE_SECONDS));
  }
  // a clock that lies is for test servers only: a production database is never seeded with the demo
  if (vars.CLOCK_START && vars.SEED !== 'demo') throw invalidVariable('CLOCK_START', 'só pode ser usada com SEED=demo (servidores de teste)', vars.CLOCK_START);
  if (vars.SMTP_URL && !vars.SMTP_FROM) throw invalidVariable('SMTP_FROM', 'deve ser informada quando SMTP_URL está definida');
  // a Return-Path domain without SMTP sends nothing, and a listener without a domain accepts no recipient
  if (vars.SMTP_BOUNCE_DOMAIN && !vars.SMTP_URL) throw invalidVariable('SMTP_BOUNCE_DOMAIN', 'só pode ser usada com SMTP_URL', vars.SMTP_BOUNCE_DOMAIN);
  if (vars.BOUNCE_SMTP_PORT && !vars.SMTP_BOUNCE_DOMAIN) throw invalidVariable('BOUNCE_SMTP_PORT', 'só pode ser usada com SMTP_BOUNCE_DOMAIN', String(vars.BOUNCE_SMTP_PORT));
  if (Boolean(vars.WHATSAPP_TOKEN) !== Boolean(vars.WHATSAPP_PHONE_NUMBER_ID)) {
    throw invalidVariable(vars.WHATSAPP_TOKEN ? 'WHATSAPP_PHONE_NUMBER_ID' : 'WHATSAPP_TOKEN', 'deve ser informada junto com WHATSAPP_TOKEN e WHATSAPP_PHONE_NUMBER_ID');
  }
  if (vars.MESSAGING_PROVIDER === 'webhook' && !vars.MESSAGING_WEBHOOK_URL) {
    throw invalidVariable('MESSAGING_WEBHOOK_URL', `${variableDoc('MESSAGING_WEBHOOK_URL').rule} quando MESSAGING_PROVIDER=webhook`);
  }
  return vars;
}

/** The received value for the error sentence; never a secret's. */
const shown = (name: EnvVariable, value: string | undefined) => (variableDoc(name).secret || value === undefined ? undefined : value);

/** Each field of the conta de cobrança and the variable it comes from (docs/boletos.md). */
export const CONTA_ENV = {
  banco: 'BOLETO_BANCO',
  agencia: 'BOLETO_AGENCIA',
  conta: 'BOLETO_CONTA',
  codigo_beneficiario: 'BOLETO_BENEFICIARIO',
  carteira: 'BOLETO_CARTEIRA',
  nome: 'BOLETO_NOME',
  cnpj: 'BOLETO_CNPJ',
  cep: 'BOLETO_CEP',
  endereco: 'BOLETO_ENDERECO',
  numero: 'BOLETO_NUMERO',
  bairro: 'BOLETO_BAIRRO',
  cidade: 'BOLETO_CIDADE',
  uf: 'BOLETO_UF',
  pix_chave: 'BOLETO_PIX_CHAVE',
} as const satisfies Record<keyof ContaCobrancaInput, EnvVariable>;

/**
 * The alternative to the admin screen: the bank account from the BOLETO_* variables. Nothing set
 * (no BOLETO_BANCO) → null. Set but not a valid account (the admin screen's own schema) → the start
 * stops naming the first wrong variable, instead of issuing slips for a wrong account later.
 */
function contaOfEnv(vars: ParsedEnv): ContaCobrancaInput | null {
  if (!vars.BOLETO_BANCO) return null;
  const raw = Object.fromEntries(Object.entries(CONTA_ENV).map(([field, name]) => [field, vars[name] ?? '']));
  const parsed = contaCobrancaSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const name = CONTA_ENV[issue.path[0] as keyof typeof CONTA_ENV] ?? CONTA_ENV.banco;
  const why = issue.message.replace(/[.!]+$/, '');
  throw invalidVariable(name, `não serve para a conta de cobrança (${why})`, shown(name, vars[name]));
}
