/**
 * npm run bench:api -- [--url http://host:port] [--duration 5] [--connections 8] [--rounds 3] [--only texto,texto] [--out arquivo.json]
 * npm run bench:api -- --explain [--only texto]   (EXPLAIN ANALYZE of each call's SQL, no server)
 *
 * Load test of the main list, report and detail calls on the scale dataset (npm run seed:scale):
 * starts the built server on a free port over the configured database (DATABASE_URL or PGlite in
 * DATA_DIR), or uses --url. Per call, per round: autocannon with one connection (latency p50/p95/p99,
 * requests/s), the call's bare SQL replayed through the driver as many times (p50/p95, and the
 * ratio), then autocannon with --connections (throughput). The machine may be shared: every figure
 * is the median of the rounds with the min–max spread. docs/performance.md.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { probe, scenarios, type Scenario } from './api/scenarios.js';
import { explainAll } from './api/explain.js';
import { ensureBuilt, startServer, type RunningServer } from './api/server.js';
import { openSqlSession, type SqlSession, type Statement } from './api/sql-session.js';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '3' },
    only: { type: 'string' },
    out: { type: 'string' },
    explain: { type: 'boolean', default: false },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const rounds = Number(args.rounds);
const LIST_P95_TARGET_MS = 50;
const RATIO_TARGET = 1.5;

type Sample = { p50: number; p95: number; p99: number; rps: number; errors: number };
type Row = { s: Scenario; one: Sample[]; many: Sample[]; sql: { p50: number; p95: number }[] };

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] : NaN);
const median = (xs: number[]) => pct([...xs].sort((a, b) => a - b), 0.5);

function cannon(url: string, s: Scenario, token: string | null, conns: number, seconds: number): Promise<Sample> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (s.body) headers['content-type'] = 'application/json';
    const instance = autocannon(
      { url: `${url}${s.path}`, method: s.method, headers, body: s.body ? JSON.stringify(s.body) : undefined, connections: conns, duration: seconds, timeout: s.slow ? 300 : 10 },
      (err, result) => {
        if (err) return reject(err);
        latencies.sort((a, b) => a - b);
        resolve({ p50: pct(latencies, 0.5), p95: pct(latencies, 0.95), p99: pct(latencies, 0.99), rps: latencies.length / seconds, errors: result.non2xx + result.errors + result.timeouts });
      },
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => latencies.push(ms));
  });
}

/** The captured statements, replayed back to back for about `seconds` (at least 20 times). */
async function timeSql(session: SqlSession, statements: Statement[], seconds: number, slow = false): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < (slow ? 1 : 3); i++) await session.replay(statements);
  const until = performance.now() + seconds * 1000;
  while (times.length < (slow ? 3 : 20) || (performance.now() < until && times.length < 5000)) {
    const t = performance.now();
    await session.replay(statements);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 0.5), p95: pct(times, 0.95) };
}

async function login(url: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  const body = (await res.json()) as { access_token?: string; msg?: string };
  if (!body.access_token) throw new Error(`login ${username}: ${res.status} ${body.msg ?? ''}`);
  return body.access_token;
}

const config = loadConfig();
if (!args.url) {
  // the statements are captured before the server starts: they must meet the schema it will run on
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const applied = await migrate(database);
    if (applied.length) process.stderr.write(`bench:api: migrações aplicadas: ${applied.join(', ')}\n`);
  } finally {
    await database.close();
  }
}
const session = args.url && !config.databaseUrl ? null : await openSqlSession({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
if (!session) process.stderr.write('bench:api: --url com PGlite: o banco está com o servidor, sem medida do SQL puro.\n');
const p = session ? await probe((sql) => session.rows(sql)) : null;
if (!p) throw new Error('bench:api precisa do banco (DATABASE_URL ou DATA_DIR) para escolher os parâmetros');
const only = args.only?.split(',').map((o) => o.trim()).filter(Boolean) ?? [];
const list = scenarios(p).filter((s) => !only.length || only.some((o) => s.name.includes(o)));
if (args.explain) {
  process.stdout.write(`${await explainAll(session!, list)}\n`);
  await session!.close();
  process.exit(0);
}
const captured = new Map<string, Statement[]>();
for (const s of list) if (s.run && session) captured.set(s.name, await session.capture(s.run));
const rowsByName = new Map<string, Row>(list.map((s) => [s.name, { s, one: [], many: [], sql: [] }]));

// PGlite: one process owns the files, so its bare SQL is timed before the server starts
if (session?.kind === 'pglite') {
  for (let r = 0; r < rounds; r++) for (const [name, st] of captured) rowsByName.get(name)!.sql.push(await timeSql(session, st, duration / 2, rowsByName.get(name)!.s.slow));
  await session.close();
}

let server: RunningServer | null = null;
try {
  if (!args.url) server = await startServer(ensureBuilt(config.repoRoot), {});
  const url = args.url ?? server!.url;
  process.stderr.write(`bench:api em ${url} (${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}), ${rounds} rodadas × ${duration} s, 1 e ${connections} conexões\n`);
  for (let round = 1; round <= rounds; round++) {
    const tokens = { admin: await login(url, 'admin', 'admin123'), loja: await login(url, 'loja', 'loja1234') };
    for (const s of list) {
      const token = s.as ? tokens[s.as] : null;
      const row = rowsByName.get(s.name)!;
      if (round === 1) {
        const check = await fetch(`${url}${s.path}`, { method: s.method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: s.body ? JSON.stringify(s.body) : undefined });
        if (!check.ok) process.stderr.write(`  ! ${s.name}: HTTP ${check.status} ${(await check.text()).slice(0, 200)}\n`);
        if (!s.slow) await cannon(url, s, token, 1, 1); // warm-up
      }
      // a call of several seconds needs a longer run to be answered a few times
      row.one.push(await cannon(url, s, token, 1, s.slow ? Math.max(duration, 60) : duration));
      const st = captured.get(s.name);
      if (st && session?.kind === 'postgres') row.sql.push(await timeSql(session, st, duration / 2, s.slow));
      // a call of seconds under 8 connections only queues: its throughput is 1 / latency
      if (!s.slow) row.many.push(await cannon(url, s, token, connections, duration));
      const last = row.one[row.one.length - 1];
      process.stderr.write(`  [${round}/${rounds}] ${s.name}: p50 ${last.p50.toFixed(1)} ms, p95 ${last.p95.toFixed(1)} ms${row.sql.length ? `, SQL p95 ${row.sql[row.sql.length - 1].p95.toFixed(1)} ms` : ''}\n`);
    }
  }
} finally {
  await server?.stop();
  if (session?.kind === 'postgres') await session.close();
}

const spread = (xs: number[], digits = 1) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const m = median(xs).toFixed(digits);
  return sorted.length > 1 ? `${m} (${sorted[0].toFixed(digits)}–${sorted[sorted.length - 1].toFixed(digits)})` : m;
};
const out: string[] = [
  '',
  `### 1 conexão (latência) — ${rounds} rodadas de ${duration} s; mediana (mín–máx) em ms`,
  '',
  '| chamada | p50 | p95 | p99 | req/s | SQL puro p50 | SQL puro p95 | API/SQL p50 | API/SQL p95 | alvo (lista: p95 < 50 ms e ≤ 1,5× SQL) |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
];
for (const { s, one, sql } of rowsByName.values()) {
  const ratio50 = sql.length ? median(one.map((o) => o.p50)) / median(sql.map((q) => q.p50)) : NaN;
  const ratio95 = sql.length ? median(one.map((o) => o.p95)) / median(sql.map((q) => q.p95)) : NaN;
  const p95 = median(one.map((o) => o.p95));
  const target = s.group !== 'lista' ? '—' : p95 < LIST_P95_TARGET_MS && ratio95 <= RATIO_TARGET ? 'atinge' : `não (${[p95 >= LIST_P95_TARGET_MS ? 'p95' : '', ratio95 > RATIO_TARGET ? 'razão' : ''].filter(Boolean).join(', ')})`;
  const errors = one.reduce((n, o) => n + o.errors, 0);
  out.push(
    `| ${s.name}${errors ? ` ⚠ ${errors} erros` : ''} | ${spread(one.map((o) => o.p50))} | ${spread(one.map((o) => o.p95))} | ${spread(one.map((o) => o.p99))} | ${spread(one.map((o) => o.rps), 0)} | ` +
      `${sql.length ? spread(sql.map((q) => q.p50)) : '—'} | ${sql.length ? spread(sql.map((q) => q.p95)) : '—'} | ${Number.isNaN(ratio50) ? '—' : ratio50.toFixed(2)} | ${Number.isNaN(ratio95) ? '—' : ratio95.toFixed(2)} | ${target} |`,
  );
}
out.push('', `### ${connections} conexões (vazão) — mediana (mín–máx)`, '', '| chamada | p50 (ms) | p95 (ms) | p99 (ms) | req/s |', '| --- | ---: | ---: | ---: | ---: |');
for (const { s, many } of rowsByName.values()) {
  if (!many.length) continue;
  const errors = many.reduce((n, o) => n + o.errors, 0);
  out.push(`| ${s.name}${errors ? ` ⚠ ${errors} erros` : ''} | ${spread(many.map((o) => o.p50))} | ${spread(many.map((o) => o.p95))} | ${spread(many.map((o) => o.p99))} | ${spread(many.map((o) => o.rps), 0)} |`);
}
process.stdout.write(`${out.join('\n')}\n`);
if (args.out) fs.writeFileSync(args.out, JSON.stringify([...rowsByName.values()].map(({ s, one, many, sql }) => ({ name: s.name, path: s.path, one, many, sql })), null, 2));
