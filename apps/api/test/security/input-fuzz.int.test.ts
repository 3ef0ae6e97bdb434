/**
 * Property-based fuzz of every route's input (ISSUE 15, docs/security.md): fast-check builds
 * malformed params, queries and bodies from each contract's own schemas (./fuzz-inputs.ts) and
 * sends them as an administrador and as somebody not logged in (no token, garbage, forged or
 * expired tokens), against the world of the authorisation matrix. Every answer must be:
 * - below 500, never a stack trace, SQL text or driver error; an error is the project's `{ status, msg }`;
 * - 401 for anonymous on any non-public route, whatever the input (authentication comes first);
 * - with the security headers;
 * and a batch of refused (4xx) requests must leave every table as it was (row snapshot; the
 * volatile tables of ./support.ts aside). Valid-looking inputs may pass validation and change rows
 * legitimately: then the refused ones are replayed alone between two snapshots.
 *
 * Seeded and bounded: FUZZ_SEED (default 20251115), FUZZ_RUNS (administrador runs per route,
 * default 36; anonymous: 36 on public routes, 8 on the others), FUZZ_BUDGET_MS (default 45000 for
 * all routes; each route gets its share of what is left).
 */
import type { RouteOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractDefinition } from '@bg/domain';
import { createUsuario } from '../../src/factories/foundation.js';
import { buildWorld } from './fixtures.js';
import { forgedAuthorization, requestArbitrary, type FuzzRequest } from './fuzz-inputs.js';
import { changedTables, createSecurityApp, type ErrorLog, isProjectError, leaksIn, snapshot, snapshotQuery, type SecurityApp } from './support.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20251115);
const ADMIN_RUNS = Number(process.env.FUZZ_RUNS ?? 36);
const PUBLIC_RUNS = ADMIN_RUNS;
const ANONYMOUS_RUNS = 8;
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 45_000);
/** Far above any id the fixtures or the fuzz create, so a random id never targets the fuzzing admin. */
const FUZZ_ADMIN_ID = 1_999_999_999;

let s: SecurityApp;
const errorLog: ErrorLog = [];

let snapQuery: string;
let adminToken: string;
/** A key for the /api/v1 routes, which take a key instead of a session. */
let chaveV1: string;
const adminAuth = (t: { key: string }) => `Bearer ${t.key.includes(' /api/v1/') ? chaveV1 : adminToken}`;
const startedAt = { ms: 0 };

beforeAll(async () => {
  s = await createSecurityApp({ bureauRateLimit: 10_000, apiV1RateLimit: 100_000 }, errorLog);
  const w = await buildWorld(s);
  const admin = await createUsuario(s.database.db, { id: FUZZ_ADMIN_ID, nivel: '2', empresa_id: null, name: 'Admin Fuzz' });
  const res = await s.app.inject({ method: 'POST', url: '/api/login', payload: { username: admin.login, password: admin.password } });
  adminToken = res.json().access_token;
  // the public API (/api/v1) is fuzzed with a key of empresa A holding every scope (decision 117)
  const chave = await s.app.inject({
    method: 'POST', url: '/api/integracao/chaves', headers: { authorization: `Bearer ${adminToken}` },
    payload: { empresa_id: w.A.empresa.id, nome: 'fuzz', escopos: ['garantias:write', 'garantias:read', 'boletos:read', 'webhooks:manage'] },
  });
  chaveV1 = chave.json().data.chave;
  snapQuery = await snapshotQuery(s.database);
  startedAt.ms = Date.now();
}, 180_000);
afterAll(async () => s?.close());

const methodsOf = (r: RouteOptions) => (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD');
type Target = { key: string; method: string; contract: ContractDefinition };
function targets(): Target[] {
  return s.app.routeTable
    .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.config?.contract)
    .flatMap((r) => methodsOf(r).map((m) => ({ key: `${m} ${r.url}`, method: m, contract: r.config!.contract as ContractDefinition })));
}

/** A stable per-route seed, so a failure is replayed by FUZZ_SEED alone. */
const seedOf = (key: string) => [...key].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, SEED);

type Sent = { req: FuzzRequest; auth: string | null; status: number };
const findings: string[] = [];
let unverified = 0;
let sentTotal = 0;
let ip = 0;

function inject(t: Target, req: FuzzRequest, auth: string | null) {
  return s.app.inject({
    method: t.method as 'GET',
    url: req.path + (req.query ? `?${req.query}` : ''),
    headers: { ...req.headers, ...(auth ? { authorization: auth } : {}) },
    payload: req.payload,
    remoteAddress: `10.88.${Math.floor(++ip / 250) % 250}.${ip % 250}`,
  });
}

/** The router refused the address before any route ran: bad encoding, over-long or no such path ('..'). */
function routerRefusal(res: Awaited<ReturnType<typeof inject>>): boolean {
  const msg = (() => {
    try {
      return (res.json() as { msg?: string }).msg;
    } catch {
      return undefined;
    }
  })();
  return (res.statusCode === 400 && msg === 'Endereço inválido.') || res.statusCode === 414 || (res.statusCode === 404 && msg === 'Recurso não encontrado.');
}

/**
 * A '.' or '..' segment is resolved away before routing by the test client (light-my-request parses
 * the URL like a browser), so such a request reaches another route or none: not this route's case.
 */
function leavesTheRoute(req: FuzzRequest): boolean {
  return req.path.split('/').some((seg) => {
    try {
      return ['.', '..'].includes(decodeURIComponent(seg));
    } catch {
      return false;
    }
  });
}

function problemsOf(t: Target, role: 'admin' | 'anonymous', req: FuzzRequest, res: Awaited<ReturnType<typeof inject>>): string[] {
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`${res.statusCode} ${res.body.slice(0, 200)}`);
  if (role === 'anonymous' && t.contract.access !== 'public' && res.statusCode !== 401 && !routerRefusal(res) && !leavesTheRoute(req)) problems.push(`anonymous got ${res.statusCode} on a ${t.contract.access} route`);
  if (res.statusCode >= 400 && !isProjectError(res)) problems.push(`error without { status, msg }: ${res.body.slice(0, 200)}`);
  if (res.statusCode >= 400) {
    const leaks = leaksIn(res);
    if (leaks.length) problems.push(`answer shows ${leaks.join(', ')}: ${res.body.slice(0, 300)}`);
  }
  if (!res.headers['content-security-policy'] || res.headers['x-content-type-options'] !== 'nosniff') problems.push('security headers missing');
  if (String(res.headers['content-type'] ?? '').includes('json') && res.headers['cache-control'] !== 'no-store') problems.push('JSON answer without cache-control: no-store');
  return problems;
}

const describeCase = (c: Sent | { req: FuzzRequest; auth: string | null }) =>
  `${c.req.label}; url ${(c.req.path + (c.req.query ? `?${c.req.query}` : '')).slice(0, 300)}; body ${c.req.payload === undefined ? '-' : String(c.req.payload).slice(0, 300)}${c.auth ? `; authorization ${c.auth.slice(0, 60)}` : ''}`;

async function fuzzRoute(t: Target, role: 'admin' | 'anonymous', routesLeft: number) {
  const runs = role === 'admin' ? ADMIN_RUNS : t.contract.access === 'public' ? PUBLIC_RUNS : ANONYMOUS_RUNS;
  const left = Math.max(BUDGET_MS - (Date.now() - startedAt.ms), 500);
  const share = Math.max(Math.floor(left / Math.max(routesLeft, 1)), 150);
  const auth = role === 'admin' ? fc.constant(adminAuth(t)) : forgedAuthorization(FUZZ_ADMIN_ID);
  const sent: Sent[] = [];
  // interruptAfterTimeLimit abandons the run in flight when the route's share of time is up; its
  // request still finishes (and may write, e.g. the LGPD access log of a read) — waited for below
  const inFlight = new Set<Promise<unknown>>();
  const before = await snapshot(s.database, snapQuery);
  const details = await fc.check(
    fc.asyncProperty(requestArbitrary(t.contract), auth, async (req, authorization) => {
      const pending = inject(t, req, authorization);
      inFlight.add(pending);
      const res = await pending.finally(() => inFlight.delete(pending));
      sent.push({ req, auth: role === 'admin' ? null : authorization, status: res.statusCode });
      const problems = problemsOf(t, role, req, res);
      if (res.statusCode >= 500) {
        const err = errorLog.at(-1)?.err;
        if (err) problems.push(`server log: ${err.type}: ${err.message} ${String(err.stack ?? '').split('\n').slice(1, 4).map((l) => l.trim()).join(' < ')}`);
      }
      if (problems.length) throw new Error(problems.join(' | '));
    }),
    { seed: seedOf(`${role} ${t.key}`), numRuns: runs, interruptAfterTimeLimit: share, endOnFailure: true },
  );
  await Promise.allSettled([...inFlight]);
  sentTotal += sent.length;
  if (details.failed && !details.counterexample) {
    // not a failing input: the run itself broke (e.g. a generator error) or was interrupted
    const failure: unknown = details.errorInstance; // typed `null` for this outcome; a generator error lands here
    if (!details.interrupted) findings.push(`${t.key} as ${role}: fuzz run failed: ${String(failure instanceof Error ? failure.stack : failure).slice(0, 600)}`);
  } else if (details.failed) {
    const [req, authorization] = details.counterexample!;
    findings.push(`${t.key} as ${role}: ${String((details.errorInstance as Error | undefined)?.message ?? details.errorInstance).slice(0, 400)}\n    input: ${describeCase({ req, auth: role === 'admin' ? null : authorization })}\n    replay: FUZZ_SEED=${SEED}`);
  }
  // no row changed by the refused requests
  const refused = sent.filter((c) => c.status >= 400 && c.status < 500);
  const after = await snapshot(s.database, snapQuery);
  if (sent.every((c) => c.status >= 400)) {
    const changed = changedTables(before, after);
    if (changed.length) findings.push(`${t.key} as ${role}: refused requests changed ${changed.join(', ')}${await culprits(t, role, refused)}`);
    return;
  }
  if (!refused.length) return;
  const again = await snapshot(s.database, snapQuery);
  const statuses: number[] = [];
  for (const c of refused) statuses.push((await inject(t, c.req, role === 'admin' ? adminAuth(t) : c.auth)).statusCode);
  if (statuses.some((st) => st < 400)) {
    unverified += refused.length;
    return;
  }
  const changed = changedTables(again, await snapshot(s.database, snapQuery));
  if (changed.length) findings.push(`${t.key} as ${role}: refused requests (replayed) changed ${changed.join(', ')}${await culprits(t, role, refused)}`);
}

/** Replays refused requests one by one between snapshots: which one changed which table. */
async function culprits(t: Target, role: 'admin' | 'anonymous', refused: Sent[]): Promise<string> {
  const found: string[] = [];
  for (const c of refused.slice(0, 60)) {
    const before = await snapshot(s.database, snapQuery);
    const res = await inject(t, c.req, role === 'admin' ? adminAuth(t) : c.auth);
    const changed = changedTables(before, await snapshot(s.database, snapQuery));
    if (changed.length && res.statusCode >= 400) found.push(`\n    ${res.statusCode} changed ${changed.join(', ')}: ${describeCase(c)}`);
  }
  return found.join('') || ' (not reproduced one by one)';
}

describe('input fuzz (fast-check over every contract)', () => {
  it('fuzzes every route as an administrador and as anonymous: no 5xx, no leak, no change on refusal', async () => {
    const all = targets();
    expect(all.length).toBeGreaterThan(100);
    const plan = [...all.map((t) => ({ t, role: 'anonymous' as const })), ...all.map((t) => ({ t, role: 'admin' as const }))];
    for (const [i, { t, role }] of plan.entries()) {
      await fuzzRoute(t, role, plan.length - i);
      // the fuzzing admin must survive (a random valid body could lower or block it)
      const me = await s.app.inject({ method: 'GET', url: '/api/usuario/getUserCurrent', headers: { authorization: `Bearer ${adminToken}` } });
      if (me.statusCode !== 200) throw new Error(`the fuzzing administrador lost its session after ${t.key}: ${me.body}`);
    }
    console.log(`fuzz: ${sentTotal} requests over ${all.length} routes in ${Math.round((Date.now() - startedAt.ms) / 1000)} s (seed ${SEED}); ${unverified} refused requests not replayable alone`);
    expect(findings).toEqual([]);
  }, 240_000);
});
