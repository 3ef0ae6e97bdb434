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
  return {
    repoRoot,
    port: int(env.PORT, 3000),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    dataDir,
    seed: (env.SEED || 'demo') as 'demo' | 'none',
    adminPassword: env.ADMIN_PASSWORD || null,
    // Without JWT_SECRET a random secret is made per process: safe, but sessions end on restart.
    jwtSecret: env.JWT_SECRET || null,
    accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL, 15 * 60),
    refreshTokenTtlSeconds: int(env.REFRESH_TOKEN_TTL, 7 * 24 * 3600),
    refreshReuseGraceSeconds: int(env.REFRESH_REUSE_GRACE, 20),
    cookieSecure: (env.COOKIE_SECURE === 'true' ? true : env.COOKIE_SECURE === 'false' ? false : 'auto') as boolean | 'auto',
    loginMaxFailures: int(env.LOGIN_MAX_FAILURES, 10),
    loginLockMinutes: int(env.LOGIN_LOCK_MINUTES, 15),
    storageDir: path.resolve(repoRoot, env.STORAGE_DIR || path.join(env.DATA_DIR || 'data', 'files')),
    // Secret that signs expiring file links; defaults to the JWT secret (or a random one per process).
    fileLinkSecret: env.FILE_LINK_SECRET || env.JWT_SECRET || null,
    fileLinkTtlSeconds: int(env.FILE_LINK_TTL, 600),
    chatUrl: env.CHAT_URL || 'https://wa.me/5511999999999',
    webDist: path.resolve(repoRoot, env.WEB_DIST || 'apps/web/dist'),
    trustProxy: env.TRUST_PROXY === 'true',
    logLevel: env.LOG_LEVEL || 'info',
  };
}
