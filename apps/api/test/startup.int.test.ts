import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPglite } from '../src/db/client.js';
import { listMigrations, migrate } from '../src/db/migrate.js';
import { DEMO_LOGINS, seedIfEmpty } from '../src/seed/index.js';
import { tempStorage } from './temp-storage.js';
import { loadSessionUser } from '../src/modules/auth/session-user.js';
import { verifyPassword } from '../src/modules/auth/password-hash.js';
import { loadConfig } from '../src/config.js';
import { describeDatabaseUrl, StartupError, startupErrorLine } from '../src/startup-errors.js';

// Start-up path of `npm start` on the embedded database: migrations once, seed only when empty.
const files = tempStorage();
afterAll(() => files.remove());
describe('start-up on PGlite', () => {
  it('applies every migration once and is idempotent', async () => {
    const database = await openPglite(null);
    try {
      const first = await migrate(database);
      expect(first).toEqual(listMigrations().map((m) => m.name));
      expect(await migrate(database)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('SEED=none creates only an administrador with ADMIN_PASSWORD, and never seeds twice', async () => {
    const database = await openPglite(null);
    try {
      await migrate(database);
      const result = await seedIfEmpty(database.db, 'none', 'segredo-forte-1', files.storage);
      expect(result.seeded).toBe('none');
      const admin = await loadSessionUser(database.db, { login: 'admin' });
      expect(admin?.nivel).toBe('2');
      expect(await verifyPassword(admin!.password_hash, 'segredo-forte-1')).toBe(true);
      const count = await database.db.execute(sql`select count(*)::int as n from usuario`);
      expect((count as { rows: { n: number }[] }).rows[0].n).toBe(1);
      expect((await seedIfEmpty(database.db, 'demo', null, files.storage)).seeded).toBe('skipped');
    } finally {
      await database.close();
    }
  });

  it('SEED=none refuses an ADMIN_PASSWORD the password policy refuses, saying why (decision 106)', async () => {
    const database = await openPglite(null);
    try {
      await migrate(database);
      const cases: [string, string][] = [
        ['curta', 'a senha deve ter pelo menos 8 caracteres'],
        ['Admin', 'a senha deve ter pelo menos 8 caracteres'],
        ['password1', 'esta senha é muito comum e fácil de adivinhar; escolha outra'],
        ['admin123', 'esta senha é muito comum e fácil de adivinhar; escolha outra'],
      ];
      for (const [password, why] of cases) {
        const refused = await seedIfEmpty(database.db, 'none', password, files.storage).catch((e: unknown) => e);
        expect(refused).toBeInstanceOf(StartupError);
        expect(startupErrorLine(refused)).toBe(`Não foi possível iniciar: a variável ADMIN_PASSWORD não é aceita como senha do administrador: ${why}.`);
        // the password itself is never printed (no "recebido: …" for a secret)
        expect(startupErrorLine(refused)).not.toContain('recebido');
      }
      const count = await database.db.execute(sql`select count(*)::int as n from usuario`);
      expect((count as { rows: { n: number }[] }).rows[0].n).toBe(0);
    } finally {
      await database.close();
    }
  });

  it('the demo seed creates the three documented logins', async () => {
    const database = await openPglite(null);
    try {
      await migrate(database);
      expect((await seedIfEmpty(database.db, 'demo', null, files.storage)).seeded).toBe('demo');
      // the README's table (decision 106 changed loja's to loja1234)
      expect(DEMO_LOGINS.map((l) => [l.login, l.password])).toEqual([['admin', 'admin123'], ['loja', 'loja1234'], ['franqueado', 'franq123']]);
      for (const [login, password, nivel] of [['admin', 'admin123', '2'], ['loja', 'loja1234', '1'], ['franqueado', 'franq123', '3']]) {
        const user = await loadSessionUser(database.db, { login });
        expect(user?.nivel).toBe(nivel);
        expect(await verifyPassword(user!.password_hash, password)).toBe(true);
      }
      const loja = await loadSessionUser(database.db, { login: 'loja' });
      expect(loja?.empresa).toMatchObject({ fantasia: 'Loja Demo', antecipa: 'S', simula_venda: 'S' });
    } finally {
      await database.close();
    }
  }, 120_000);
});

// Where `npm start` listens (decision 009): the demo data's published passwords stay on this machine.
describe('listening address', () => {
  it('demo seed without HOST: 127.0.0.1 only', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ SEED: 'demo' })).toMatchObject({ host: '127.0.0.1', hostFromEnv: false });
  });

  it('SEED=none listens on every interface; HOST always wins', () => {
    expect(loadConfig({ SEED: 'none' }).host).toBe('0.0.0.0');
    expect(loadConfig({ SEED: 'demo', HOST: '0.0.0.0' })).toMatchObject({ host: '0.0.0.0', hostFromEnv: true });
    expect(loadConfig({ SEED: 'none', HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });
});

describe('DATABASE_URL in start-up messages', () => {
  it('names host, port, database and user, never the password', () => {
    expect(describeDatabaseUrl('postgres://app:segredo@db.interno:6543/boleto')).toEqual({ host: 'db.interno:6543', database: 'boleto', user: 'app' });
    expect(describeDatabaseUrl('postgresql://app@localhost/boleto')).toEqual({ host: 'localhost:5432', database: 'boleto', user: 'app' });
    expect(describeDatabaseUrl('postgres:///boleto?host=/var/run/postgresql')).toMatchObject({ host: '/var/run/postgresql:5432', database: 'boleto' });
    expect(describeDatabaseUrl('mysql://x@y/z')).toBeNull();
    expect(describeDatabaseUrl('not a url')).toBeNull();
  });
});
