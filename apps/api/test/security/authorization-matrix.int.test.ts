/**
 * Authorisation matrix (ISSUE 15, docs/security.md): every route of the route table × {anonymous,
 * usuario of empresa A, usuario of empresa B, franqueado of A, franqueado of B, administrador},
 * expected outcomes in ./matrix.ts; then the person both A and B serve (SHARED, issue 23). Fails on:
 * - a route without an entry in MATRIX, or an entry whose route no longer exists;
 * - an outcome other than the expected one (usuario B asking for A's record must get 404, never 200);
 * - a refused call (401/403/404/4xx) that changed any row (snapshot of every table, volatile ones aside);
 * - an answer to one tenant's user that carries the other tenant's markers (names, CPF/CNPJ, logins).
 *
 * TO ADD A ROUTE: add one line to MATRIX in ./matrix.ts — `'METHOD /api/path/:param': entry(PRESET,
 * (w) => ({ params, query, body }))` — using a preset (PUBLIC, ANY_USER, ADMIN, A_READ, A_WRITE,
 * OWNER, or a spread of one with a role changed) and a record of empresa A from ./fixtures.ts
 * (`w.A.*`, or `w.fresh.*` for a call that changes state). Add a fixture there if none fits.
 * Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx vitest run apps/api/test/security
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, type ContractDefinition } from '@bg/domain';
import { buildWorld, markersOf, multipartBody, ROLES, type Role, type World } from './fixtures.js';
import { MATRIX, SHARED, type MatrixEntry, type MatrixRequest, type Outcome } from './matrix.js';
import { changedTables, createSecurityApp, isProjectError, leaksIn, snapshot, snapshotQuery, type SecurityApp } from './support.js';

let s: SecurityApp;
let w: World;
let snapQuery: string;

beforeAll(async () => {
  s = await createSecurityApp();
  w = await buildWorld(s);
  snapQuery = await snapshotQuery(s.database);
}, 180_000);
afterAll(async () => s?.close());

const methodsOf = (r: RouteOptions) => (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD');
/** Every API endpoint of the route table as `METHOD path` (the API's description pages aside). */
function routeKeys(): string[] {
  return s.app.routeTable
    .filter((r) => r.url.startsWith('/api/') && !/^\/api(\/v1)?\/docs/.test(r.url))
    .flatMap((r) => methodsOf(r).map((m) => `${m} ${r.url}`));
}
const contractOf = (key: string) => {
  const [method, url] = key.split(' ');
  return s.app.routeTable.find((r) => r.url === url && methodsOf(r).some((m) => m === method))?.config?.contract as ContractDefinition | undefined;
};

let ipCounter = 0;
async function send(key: string, req: MatrixRequest, role: Role) {
  const [method, path] = key.split(' ');
  const url = req.url ?? buildPath(path, req.params) + (req.query ? `?${new URLSearchParams(Object.entries(req.query).map(([k, v]) => [k, String(v)]))}` : '');
  const token = w.tokens[role];
  const mp = req.multipart ? multipartBody(req.multipart.fields, req.multipart.files) : null;
  return s.call({
    method: method as 'GET',
    url,
    token,
    // a distinct client per call: the public pages' per-IP limits never mix roles
    remoteAddress: `10.77.${Math.floor(++ipCounter / 250) % 250}.${ipCounter % 250}`,
    ...(mp ? { payload: mp.payload, headers: mp.headers } : req.body !== undefined ? { payload: req.body as object } : {}),
  });
}

/** Roles whose call must not succeed go first: they find the record in its original state. */
function callOrder(e: MatrixEntry): Role[] {
  const rank = (o: Outcome) => (o === 'ok' ? 1 : 0);
  return [...ROLES].sort((a, b) => rank(e.expect[a]) - rank(e.expect[b]));
}

/**
 * The other tenant's markers a role must never be answered: A and its franqueadora never see B's,
 * B and its franqueadora never A's, anonymous neither; administradores see everything.
 */
function foreignTo(role: Role): string[] {
  if (role === 'admin') return [];
  if (role === 'anonymous') return [...markersOf(w.A), ...markersOf(w.B)];
  return role === 'usuarioB' || role === 'franqueadoB' ? markersOf(w.A) : markersOf(w.B);
}

/** Calls one entry as every role: outcome, unchanged rows when refused, headers, leaks, `verify`. */
async function check(key: string, e: MatrixEntry): Promise<string[]> {
  const isPublic = ROLES.every((r) => e.expect[r] === 'public');
  let anonymousStatus: number | undefined;
  const problems: string[] = [];
  for (const role of callOrder(e)) {
    const req = e.request ? await e.request(w, role) : {};
    const expected = e.expect[role];
    const refused = expected !== 'ok' && expected !== 'public';
    const before = refused ? await snapshot(s.database, snapQuery) : null;
    const res = await send(key, req, role);
    if (role === 'anonymous') anonymousStatus = res.statusCode;
    if (!statusMatches(expected, res.statusCode, anonymousStatus)) {
      problems.push(`${role}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 200)}`);
      continue;
    }
    if (before) {
      const changed = changedTables(before, await snapshot(s.database, snapQuery));
      if (changed.length) problems.push(`${role}: refused with ${res.statusCode} but changed ${changed.join(', ')}`);
      if (!isProjectError(res)) problems.push(`${role}: refusal without { status, msg }: ${res.body.slice(0, 120)}`);
    }
    const leaks = leaksIn(res);
    if (leaks.length) problems.push(`${role}: answer shows ${leaks.join(', ')}`);
    if (!res.headers['content-security-policy'] || res.headers['x-content-type-options'] !== 'nosniff') problems.push(`${role}: security headers missing`);
    // the other tenant's data never reaches a tenant's user (a token or signed link aside)
    if (!isPublic) {
      const seen = foreignTo(role).filter((m) => res.body.includes(m));
      if (seen.length) problems.push(`${role}: answer carries another tenant's data (${seen.join(', ')})`);
    }
    if (expected === 'ok' && e.verify) problems.push(...(await e.verify(w, role, res)).map((p) => `${role}: ${p}`));
    if (expected === 'ok' && e.afterOk) await e.afterOk(w, role, req);
  }
  return problems;
}

const statusMatches = (expected: Outcome, status: number, anonymousStatus: number | undefined) =>
  expected === 'ok' ? status >= 200 && status < 300 : expected === 'public' ? status < 500 && status === (anonymousStatus ?? status) : status === expected;

describe('authorisation matrix', () => {
  it('has an entry for every route, and no entry for a route that does not exist', () => {
    const routes = routeKeys();
    expect(routes.length).toBeGreaterThan(100);
    const missing = routes.filter((k) => !(k in MATRIX));
    const stale = Object.keys(MATRIX).filter((k) => !routes.includes(k));
    expect(missing, 'routes without an entry in test/security/matrix.ts').toEqual([]);
    expect(stale, 'entries of test/security/matrix.ts for routes that no longer exist').toEqual([]);
  });

  it('agrees with each contract: admin-only routes refuse non-admins, public routes need no login', () => {
    const wrong: string[] = [];
    for (const [key, e] of Object.entries(MATRIX)) {
      const contract = contractOf(key);
      if (!contract) continue; // reported by the coverage test
      const publicByMatrix = ROLES.every((r) => e.expect[r] === 'public');
      if ((contract.access === 'public') !== publicByMatrix) wrong.push(`${key}: contract access ${contract.access}`);
      if (contract.access === 'admin' && (['usuarioA', 'usuarioB', 'franqueado', 'franqueadoB'] as const).some((r) => e.expect[r] !== 403)) wrong.push(`${key}: admin-only`);
      if (contract.access !== 'public' && e.expect.anonymous !== 401) wrong.push(`${key}: anonymous must be 401`);
    }
    expect(wrong).toEqual([]);
  });

  const failures: string[] = [];
  const keys = Object.keys(MATRIX);

  it.each(keys)('%s', async (key) => {
    if (!routeKeys().includes(key)) return; // a stale entry, reported above
    const problems = await check(key, MATRIX[key]);
    if (problems.length) failures.push(`${key}\n  ${problems.join('\n  ')}`);
    expect(problems, key).toEqual([]);
  });

  // one person, two shops (issue 23): the same checks on the calls about the person A and B both serve
  it.each(Object.keys(SHARED))('%s', async (key) => {
    const route = key.split(' ').slice(0, 2).join(' ');
    expect(routeKeys(), `${key}: no such route`).toContain(route);
    const problems = await check(key, SHARED[key]);
    if (problems.length) failures.push(`${key}\n  ${problems.join('\n  ')}`);
    expect(problems, key).toEqual([]);
  });

  afterAll(() => {
    if (failures.length && process.env.MATRIX_REPORT) console.log(`MATRIX FAILURES\n${failures.join('\n')}`);
  });
});
