import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { StartupError, startupErrorLine } from './startup-errors.js';

const root = loadConfig({}).repoRoot;

describe('loadConfig', () => {
  it('answers the documented defaults for an empty environment', () => {
    expect(loadConfig({})).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      hostFromEnv: false,
      databaseUrl: null,
      dataDir: path.join(root, 'data'),
      storageDir: path.join(root, 'data', 'files'),
      seed: 'demo',
      adminPassword: null,
      jwtSecret: null,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 604800,
      refreshReuseGraceSeconds: 20,
      cookieSecure: 'auto',
      loginLimits: { freeFailures: 5, accountFreeFailures: 10, maxBackoffSeconds: 60 },
      bureauRateLimit: 30,
      spcAvisoDias: 10,
      retornoMaxBytes: 500 * 1024 * 1024,
      fileLinkSecret: null,
      fileLinkTtlSeconds: 600,
      chatUrl: 'https://wa.me/5511999999999',
      webDist: path.join(root, 'apps/web/dist'),
      trustProxy: false,
      logLevel: 'info',
      jobs: 'on',
      publicUrl: null,
      signatureLinkTtlDays: 7,
      signatureP12Path: null,
      signatureP12Password: '',
      requireAdmin2fa: false,
      totpEncryptionKey: null,
      lgpdAccessLogRetentionMonths: 12,
      cep: { providers: ['viacep', 'brasilapi'], timeoutMs: 3000, cacheDays: 30 },
      bureauProvider: 'local',
      messaging: { provider: 'outbox', webhookUrl: null, webhookToken: null, timeoutMs: 10000 },
      contaCobranca: null,
    });
  });

  it('reads valid values as before, an empty variable as unset', () => {
    const config = loadConfig({
      PORT: ' 8080 ',
      DATA_DIR: '/srv/bg',
      JWT_SECRET: 'j',
      COOKIE_SECURE: 'false',
      TRUST_PROXY: '1',
      JOBS: 'off',
      PUBLIC_URL: 'https://app.example.com//',
      REQUIRE_ADMIN_2FA: 'true',
      LGPD_ACCESS_LOG_RETENTION_MONTHS: '3',
      SEED: '',
      HOST: '',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/srv/bg',
      storageDir: '/srv/bg/files',
      fileLinkSecret: 'j',
      cookieSecure: false,
      trustProxy: 1,
      jobs: 'off',
      publicUrl: 'https://app.example.com',
      requireAdmin2fa: true,
      lgpdAccessLogRetentionMonths: 3,
      seed: 'demo',
      host: '127.0.0.1',
    });
  });

  it('stops the start with one sentence naming the variable and the value received', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ PORT: 'abc' }, 'a variável PORT deve ser um número inteiro entre 1 e 65535 (recebido: abc).'],
      [{ PORT: '70000' }, 'a variável PORT deve ser um número inteiro entre 1 e 65535 (recebido: 70000).'],
      [{ ACCESS_TOKEN_TTL: '15m' }, 'a variável ACCESS_TOKEN_TTL deve ser um número inteiro maior que zero (recebido: 15m).'],
      [{ JOBS: 'sim' }, 'a variável JOBS deve ser on ou off (recebido: sim).'],
      [{ SEED: 'full' }, 'a variável SEED deve ser demo ou none (recebido: full).'],
      [{ COOKIE_SECURE: 'yes' }, 'a variável COOKIE_SECURE deve ser auto, true ou false (recebido: yes).'],
      [{ LOG_LEVEL: 'verbose' }, 'a variável LOG_LEVEL deve ser fatal, error, warn, info, debug, trace ou silent (recebido: verbose).'],
      [{ PUBLIC_URL: 'app.example.com' }, 'a variável PUBLIC_URL deve ser um endereço http:// ou https:// (recebido: app.example.com).'],
    ];
    for (const [env, sentence] of cases) {
      let error: unknown;
      try {
        loadConfig(env);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(StartupError);
      expect(startupErrorLine(error)).toBe(`Não foi possível iniciar: ${sentence}`);
    }
  });

  it('TRUST_PROXY: false, a hop count or the proxies\' addresses; never true (decision 106)', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1,fd00::/8,loopback' }).trustProxy).toEqual(['10.0.0.5', '10.1.0.0/16', '::1', 'fd00::/8', 'loopback']);
    const rule =
      'deve ser false, o número de proxies à frente da API (1 a 10) ou os endereços desses proxies separados por vírgula (IP ou CIDR, como 10.0.0.5,10.1.0.0/16); ' +
      'true não é mais aceito, porque faria a API acreditar no X-Forwarded-For escrito pelo próprio cliente';
    for (const value of ['true', 'TRUE', 'yes', '0', '11', '-1', '1.5', '10.0.0.300', '10.0.0.0/33', 'fd00::/129', 'proxy.interno', '10.0.0.5,', '10.0.0.5/8/1']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(`Não foi possível iniciar: a variável TRUST_PROXY ${rule} (recebido: ${value}).`);
    }
  });

  it('the login limits: a growing wait, never a lock; the lock\'s variables stop the start (decision 106)', () => {
    expect(loadConfig({ LOGIN_FREE_FAILURES: '3', LOGIN_ACCOUNT_FREE_FAILURES: '20', LOGIN_BACKOFF_MAX_SECONDS: '900' }).loginLimits).toEqual({
      freeFailures: 3,
      accountFreeFailures: 20,
      maxBackoffSeconds: 900,
    });
    expect(() => loadConfig({ LOGIN_BACKOFF_MAX_SECONDS: '901' })).toThrow('a variável LOGIN_BACKOFF_MAX_SECONDS deve ser um número inteiro entre 1 e 900 (recebido: 901).');
    expect(() => loadConfig({ LOGIN_FREE_FAILURES: '0' })).toThrow('a variável LOGIN_FREE_FAILURES deve ser um número inteiro maior que zero (recebido: 0).');
    expect(() => loadConfig({ LOGIN_LOCK_MINUTES: '15' })).toThrow(
      'Não foi possível iniciar: a variável LOGIN_LOCK_MINUTES não existe mais: os logins não são mais bloqueados por falhas, as tentativas esperam cada vez mais (docs/configuration.md); use LOGIN_BACKOFF_MAX_SECONDS.',
    );
    expect(() => loadConfig({ LOGIN_MAX_FAILURES: '10' })).toThrow(/LOGIN_MAX_FAILURES não existe mais: .*use LOGIN_FREE_FAILURES e LOGIN_ACCOUNT_FREE_FAILURES\.$/);
    // set but empty counts as unset, as for every variable
    expect(loadConfig({ LOGIN_LOCK_MINUTES: '' }).loginLimits.freeFailures).toBe(5);
  });

  it('job leases: a heartbeat every 10 s and a 45 s lease by default, the lease at least two heartbeats (decision 108)', () => {
    expect(loadConfig({}).jobLease).toEqual({ heartbeatSeconds: 10, leaseSeconds: 45 });
    expect(loadConfig({ JOB_HEARTBEAT_SECONDS: '5', JOB_LEASE_SECONDS: '10' }).jobLease).toEqual({ heartbeatSeconds: 5, leaseSeconds: 10 });
    expect(() => loadConfig({ JOB_HEARTBEAT_SECONDS: '30' })).toThrow('a variável JOB_LEASE_SECONDS deve ser pelo menos o dobro de JOB_HEARTBEAT_SECONDS (30) (recebido: 45).');
    expect(() => loadConfig({ JOB_LEASE_SECONDS: '4' })).toThrow('a variável JOB_LEASE_SECONDS deve ser um número inteiro entre 5 e 3600 (recebido: 4).');
    expect(() => loadConfig({ JOB_HEARTBEAT_SECONDS: '0' })).toThrow('a variável JOB_HEARTBEAT_SECONDS deve ser um número inteiro entre 1 e 300 (recebido: 0).');
  });

  it('CEP: the online providers by default, 3 s each; `none` turns them off (issue 25)', () => {
    expect(loadConfig({}).cep).toEqual({ providers: ['viacep', 'brasilapi'], timeoutMs: 3000, cacheDays: 30 });
    expect(loadConfig({ CEP_PROVIDERS: 'none' }).cep.providers).toEqual([]);
    expect(loadConfig({ CEP_PROVIDERS: ' BrasilAPI ' }).cep.providers).toEqual(['brasilapi']);
    expect(() => loadConfig({ CEP_PROVIDERS: 'correios' })).toThrow(StartupError);
  });

  it('never repeats a secret, and keeps the sentence on one line', () => {
    expect(() => loadConfig({ MESSAGING_PROVIDER: 'webhook', MESSAGING_WEBHOOK_URL: 'ftp://user:s3nh4@gw' })).toThrow(
      /^Não foi possível iniciar: a variável MESSAGING_WEBHOOK_URL deve ser um endereço http:\/\/ ou https:\/\/\.$/,
    );
    expect(() => loadConfig({ PORT: 'a\nb' })).toThrow('(recebido: a b).');
  });
});
