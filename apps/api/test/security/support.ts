import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { openTestDatabase } from '../test-database.js';

/**
 * The security suite's app: a database of its own (a clone of the run's template,
 * test/test-database.ts), because its row snapshots compare whole tables.
 * Jobs are off (JOBS=off: enqueue only), so nothing changes a row behind a request's back.
 */
export type SecurityApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  storageDir: string;
  call(opts: InjectOptions & { token?: string | null }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
};

/** Server error log lines (pino JSON) of a security app, to name the cause of a 5xx in a report. */
export type ErrorLog = { msg: string; err?: { type?: string; message?: string; stack?: string }; reqId?: string }[];

export async function createSecurityApp(configOverrides: Partial<Config> = {}, errors?: ErrorLog): Promise<SecurityApp> {
  const { database, drop } = await openTestDatabase();
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-sec-'));
  const config: Config = { ...loadConfig({ ...process.env, LOG_LEVEL: 'silent' }), jwtSecret: 'test-secret', storageDir, jobs: 'off', ...configOverrides };
  const logger = errors ? { level: 'error', stream: { write: (line: string) => void errors.push(JSON.parse(line)) } } : false;
  const app = await buildApp({ database, config, logger, loginDelayBaseMs: 0 });
  await app.ready();
  return {
    app,
    database,
    config,
    storageDir,
    call: ({ token, headers, ...rest }) => app.inject({ ...rest, headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } }),
    async close() {
      await app.close();
      await drop();
      fs.rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

/**
 * Tables that change legitimately while requests are refused: the audit trail (a refused login is
 * audited), the login throttle and refresh tokens (login, refresh, logout), the background job
 * registry and the rate-limit counters (rate_limit_hit; assinatura_acesso, the public signing
 * page's per-IP counters, which count failed tokens on purpose) and pagador_acesso (the payer
 * page's LGPD access log, which records refused identifications on purpose, decision 116).
 * Everything else must be byte-for-byte unchanged by a refused request.
 */
export const VOLATILE_TABLES = ['audit_log', 'login_throttle', 'refresh_token', 'background_job', 'rate_limit_hit', 'assinatura_acesso', 'pagador_acesso', 'schema_migration'] as const;

export type Snapshot = Map<string, string>;

/** One statement: every public table's row count and an md5 of its rows (volatile tables aside). */
export async function snapshotQuery(database: Database): Promise<string> {
  const { rows } = await database.executeSql(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> ALL($1::text[]) ORDER BY tablename`,
    [[...VOLATILE_TABLES]],
  );
  const tables = (rows as { tablename: string }[]).map((r) => r.tablename);
  return tables
    .map((t) => `SELECT '${t}' AS t, count(*)::text || ':' || md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '')) AS h FROM "${t}" x`)
    .join(' UNION ALL ');
}

export async function snapshot(database: Database, query: string): Promise<Snapshot> {
  const { rows } = await database.executeSql(query);
  return new Map((rows as { t: string; h: string }[]).map((r) => [r.t, r.h]));
}

/** The tables whose content differs between two snapshots. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((t) => before.get(t) !== after.get(t)).sort();
}

/** Text that must never reach a client: stack frames, SQL and driver errors, server paths. */
export const LEAK_PATTERNS: [string, RegExp][] = [
  ['stack frame', /\bat [\w$.<>]+ \(?(?:file:\/\/)?\/[^)\s]+:\d+:\d+\)?/],
  ['server path', /\/work\/|node_modules|\/apps\/api\/src/],
  ['SQL text', /\b(?:select\s+[\w*"., ]+\s+from|insert\s+into|update\s+"?\w+"?\s+set|delete\s+from)\b/i],
  ['database error', /syntax error at or near|violates (?:foreign key|unique|check|not-null) constraint|relation "\w+" does not exist|SQLSTATE|duplicate key value|invalid input syntax for type|pg_catalog|drizzle/i],
  ['exception name', /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|ZodError|DrizzleQueryError|DatabaseError)\b/],
];

/** Which leak patterns an answer's body matches (only the text of JSON/HTML/text answers). */
export function leaksIn(res: LightMyRequestResponse): string[] {
  const type = String(res.headers['content-type'] ?? '');
  if (type && !/json|text|html/.test(type)) return [];
  const body = res.body;
  return LEAK_PATTERNS.filter(([, re]) => re.test(body)).map(([name]) => name);
}

/** An error answer has the project's shape: `{ status, msg }` with the HTTP status. */
export function isProjectError(res: LightMyRequestResponse): boolean {
  try {
    const body = res.json() as { status?: unknown; msg?: unknown };
    return typeof body.msg === 'string' && body.msg.length > 0 && typeof body.status === 'number';
  } catch {
    return false;
  }
}
