/**
 * Per-user limit of the credit-bureau queries (consultaDocumento, Consulta Restritiva, Consulta
 * Analítica; docs/security.md "Rate limits"), counted in the database: two API processes on one
 * database share the count, also when requests race.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeCpf } from '@bg/domain';
import { buildApp } from '../../src/app.js';
import { createEmpresa, createUsuario } from '../../src/factories/foundation.js';
import { createGarantia } from '../../src/factories/garantia.js';
import { countHit } from '../../src/http/rate-limit.js';
import type { FastifyInstance } from 'fastify';
import { awayFromWindowEnd } from '../rate-window.js';
import { createSecurityApp, type SecurityApp } from './support.js';

const LIMIT = 5;
let one: SecurityApp;
let two: FastifyInstance;

beforeAll(async () => {
  one = await createSecurityApp({ bureauRateLimit: LIMIT });
  // the second "process": its own app (and job queue schema) on the same database and JWT secret
  two = await buildApp({ database: one.database, config: one.config, logger: false, loginDelayBaseMs: 0, jobs: { schema: `pgboss_r_${randomBytes(4).toString('hex')}` } });
  await two.ready();
}, 120_000);
afterAll(async () => {
  await two?.close();
  await one?.close();
});

let cpfBase = 100_000_000 + Math.floor(Math.random() * 800_000_000);
const newCpf = () => completeCpf(String(cpfBase++));

async function lojaUser() {
  const emp = await createEmpresa(one.database.db);
  const u = await createUsuario(one.database.db, { nivel: '1', empresa_id: emp.id });
  const token = (await one.call({ method: 'POST', url: '/api/login', payload: { username: u.login, password: u.password } })).json().access_token as string;
  return { token, user: u, empresaId: emp.id };
}

const lookup = (app: FastifyInstance, token: string, documento = newCpf()) =>
  app.inject({ method: 'POST', url: '/api/garantia/consultaDocumento', headers: { authorization: `Bearer ${token}` }, payload: { documento } });

describe('bureau queries: per user per minute, across processes', () => {
  it(`answers the first ${LIMIT} from either process, then 429 with Retry-After; another user is not affected`, async () => {
    const a = await lojaUser();
    await awayFromWindowEnd(60, 15);
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) statuses.push((await lookup(i % 2 ? two : one.app, a.token)).statusCode);
    expect(statuses).toEqual(Array(LIMIT).fill(200));
    const refused = await lookup(two, a.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: 429, msg: 'Muitas consultas em pouco tempo. Aguarde um minuto e tente novamente.' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await lookup(one.app, a.token)).statusCode).toBe(429);
    const b = await lojaUser();
    expect((await lookup(one.app, b.token)).statusCode).toBe(200);
  });

  it('counts racing requests exactly: of 12 at once on two processes, 5 pass', async () => {
    const a = await lojaUser();
    await awayFromWindowEnd(60, 15);
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => lookup(i % 2 ? two : one.app, a.token)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(LIMIT);
    expect(codes.filter((c) => c === 429)).toHaveLength(12 - LIMIT);
  });

  it('does not count refused input (422), and the three bureau calls share one budget', async () => {
    const db = one.database.db;
    const adm = await createUsuario(db, { nivel: '2', empresa_id: null });
    const token = (await one.call({ method: 'POST', url: '/api/login', payload: { username: adm.login, password: adm.password } })).json().access_token as string;
    for (let i = 0; i < LIMIT + 2; i++) expect((await one.call({ method: 'POST', url: '/api/garantia/consultaDocumento', token, payload: { documento: '123' } })).statusCode).toBe(422);
    const emp = await createEmpresa(db);
    const loja = await createUsuario(db, { nivel: '1', empresa_id: emp.id });
    const g = await createGarantia(db, { empresa_id: emp.id, usuario_id: loja.id });
    const calls = [
      () => one.call({ method: 'GET', url: `/api/garantia/consultaRestritiva/${g.garantia.id}`, token }),
      () => two.inject({ method: 'GET', url: `/api/garantia/consultaAnalitica/${g.garantia.id}`, headers: { authorization: `Bearer ${token}` } }),
      () => one.call({ method: 'POST', url: '/api/garantia/consultaDocumento', token, payload: { documento: newCpf(), empresa_id: emp.id } }),
    ];
    const statuses: number[] = [];
    await awayFromWindowEnd(60, 15);
    for (let i = 0; i < LIMIT + 1; i++) statuses.push((await calls[i % 3]()).statusCode);
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429]);
  });

  it('a new window starts afresh (fixed windows on the database clock)', async () => {
    const db = one.database.db;
    const subject = `test:${randomBytes(4).toString('hex')}`;
    const limit = { max: 1, windowSeconds: 2 };
    // start right after a window boundary so both first calls fall in the same two-second window
    await new Promise((r) => setTimeout(r, 2000 - (Date.now() % 2000) + 20));
    expect((await countHit(db, 'bureau', subject, limit)).allowed).toBe(true);
    const second = await countHit(db, 'bureau', subject, limit);
    expect(second.allowed).toBe(false);
    expect(second.retryAfter).toBeGreaterThanOrEqual(1);
    expect(second.retryAfter).toBeLessThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await countHit(db, 'bureau', subject, limit)).allowed).toBe(true);
  });
});
