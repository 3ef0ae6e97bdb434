import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every environment variable the API reads, with its safe local default (README has the table). */
export type Config = ReturnType<typeof loadConfig>;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function int(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && value !== undefined && value !== '' ? Math.trunc(n) : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const dataDir = path.resolve(repoRoot, env.DATA_DIR || 'data');
  const seed = (env.SEED || 'demo') as 'demo' | 'none';
  return {
    repoRoot,
    port: int(env.PORT, 3000),
    // The demo seed has well-known passwords: unless HOST says otherwise, only this machine may connect.
    host: env.HOST || (seed === 'demo' ? '127.0.0.1' : '0.0.0.0'),
    hostFromEnv: Boolean(env.HOST),
    databaseUrl: env.DATABASE_URL || null,
    dataDir,
    seed,
    adminPassword: env.ADMIN_PASSWORD || null,
    // Without JWT_SECRET a random secret is made per process: safe, but sessions end on restart.
    jwtSecret: env.JWT_SECRET || null,
    accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL, 15 * 60),
    refreshTokenTtlSeconds: int(env.REFRESH_TOKEN_TTL, 7 * 24 * 3600),
    refreshReuseGraceSeconds: int(env.REFRESH_REUSE_GRACE, 20),
    cookieSecure: (env.COOKIE_SECURE === 'true' ? true : env.COOKIE_SECURE === 'false' ? false : 'auto') as boolean | 'auto',
    loginMaxFailures: int(env.LOGIN_MAX_FAILURES, 10),
    loginLockMinutes: int(env.LOGIN_LOCK_MINUTES, 15),
    // Credit-bureau queries (consultaDocumento, consultaRestritiva, consultaAnalitica) per user per minute.
    bureauRateLimit: int(env.BUREAU_RATE_LIMIT, 30),
    // Largest CNAB retorno upload (spec §5: 500 MB); a larger file is refused while it streams in.
    retornoMaxBytes: Math.max(1, int(env.RETORNO_MAX_MB, 500)) * 1024 * 1024,
    storageDir: path.resolve(repoRoot, env.STORAGE_DIR || path.join(env.DATA_DIR || 'data', 'files')),
    // Secret that signs expiring file links; defaults to the JWT secret (or a random one per process).
    fileLinkSecret: env.FILE_LINK_SECRET || env.JWT_SECRET || null,
    fileLinkTtlSeconds: int(env.FILE_LINK_TTL, 600),
    chatUrl: env.CHAT_URL || 'https://wa.me/5511999999999',
    webDist: path.resolve(repoRoot, env.WEB_DIST || 'apps/web/dist'),
    trustProxy: env.TRUST_PROXY === 'true',
    logLevel: env.LOG_LEVEL || 'info',
    // on: this process runs background jobs (src/jobs/); off: it only enqueues them for a process that does.
    jobs: jobsMode(env.JOBS),
    // Address of the web app as customers reach it, for links sent by WhatsApp/e-mail (signature);
    // unset: the address of the request that creates the link.
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null,
    // Digital signature of duplicatas (docs/assinatura.md): link lifetime and the optional A1 certificate.
    signatureLinkTtlDays: int(env.SIGNATURE_LINK_TTL_DAYS, 7),
    signatureP12Path: env.SIGNATURE_P12_PATH ? path.resolve(repoRoot, env.SIGNATURE_P12_PATH) : null,
    signatureP12Password: env.SIGNATURE_P12_PASSWORD ?? '',
    // Two-factor sign-in (docs/decisions/095): mandatory for administradores when 'true'.
    requireAdmin2fa: env.REQUIRE_ADMIN_2FA === 'true',
    // Encrypts TOTP secrets at rest (AES-256-GCM); unset: derived from JWT_SECRET.
    totpEncryptionKey: env.TOTP_ENCRYPTION_KEY || null,
    // LGPD access log kept this many months (never less than 6; the purge job clamps it).
    lgpdAccessLogRetentionMonths: int(env.LGPD_ACCESS_LOG_RETENTION_MONTHS, 12),
  };
}

/** JOBS: a typo must not silently start (or stop) the job workers. */
function jobsMode(value: string | undefined): 'on' | 'off' {
  if (!value || value === 'on') return 'on';
  if (value === 'off') return 'off';
  throw new Error(`JOBS deve ser on ou off (recebido: ${value})`);
}
