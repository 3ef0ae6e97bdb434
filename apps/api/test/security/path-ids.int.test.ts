/**
 * Path ids and counts accept plain decimal integers only (issue 23, decision 107). Every id of a
 * path (`:id`, `:garantiaId`, `:via`, `:qtdParcelas`…) and every list's `page`/`per_page` used to go
 * through `z.coerce.number()`, which reads "1e1" as 10, "0x1A" as 26 and " 1", "+1", "1.0" as 1 — the
 * fuzz saw `getBoleto/0x1A` print boleto 26. Walks the route table, so a new route is covered
 * without a line here: each such value answers 422 naming the parameter.
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pathParamNames, type ContractDefinition } from '@bg/domain';
import { createTestApp, type TestApp } from '../harness.js';

let t: TestApp;
let admin: string;
/** The public API (/api/v1) takes a key, not a session (decision 117): a key with every scope. */
let chaveV1: string;
const tokenFor = (url: string) => (url.startsWith('/api/v1/') ? chaveV1 : admin);

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.userWithToken({ nivel: '2' })).token;
  const loja = await t.userWithToken({ nivel: '1' });
  const res = await t.call({ method: 'POST', url: '/api/integracao/chaves', token: loja.token, payload: { empresa_id: loja.user.empresa_id, nome: 'path ids', escopos: ['garantias:write', 'garantias:read', 'boletos:read', 'webhooks:manage'] } });
  chaveV1 = res.json().data.chave;
}, 60_000);
afterAll(async () => t?.close());

/** What Number() (and so z.coerce.number()) reads as a whole number, and the wire must refuse. */
const NOT_PLAIN = ['1e1', '+1', ' 1', '1 ', '0x1', '0x1A', '1.0', '01', '1_0', '１'];

type Route = { key: string; method: string; contract: ContractDefinition };
function routes(): Route[] {
  const methodsOf = (r: RouteOptions) => (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD');
  return t.app.routeTable
    .filter((r) => r.url.startsWith('/api/') && r.config?.contract)
    .flatMap((r) => methodsOf(r).map((m) => ({ key: `${m} ${r.url}`, method: m, contract: r.config!.contract as ContractDefinition })));
}

const shapeOf = (schema: z.ZodType | undefined) => (schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {});

/** An id or a count: its schema reads '7' as the number 7 and refuses '7.5' (a money amount takes decimals). */
const isNumeric = (schema: z.ZodType) => {
  const r = schema.safeParse('7');
  return r.success && typeof r.data === 'number' && !schema.safeParse('7.5').success;
};

/** A value the param's own schema accepts (so only the param under test is wrong). */
function validValue(schema: z.ZodType): string {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { enum?: unknown[] };
  for (const candidate of ['1', '2', '12', '100,00', ...(json.enum ?? []).map(String), 'Texto']) if (schema.safeParse(candidate).success) return candidate;
  throw new Error(`no valid value found for a path parameter: ${JSON.stringify(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }))}`);
}

describe('path ids and counts: plain decimal digits only (issue 23)', () => {
  it('every numeric path parameter of every route answers 422 for 1e1, +1, " 1", 0x1, 1.0, 01…', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const r of routes()) {
      const shape = shapeOf(r.contract.params);
      const names = pathParamNames(r.contract.path);
      for (const name of names.filter((n) => shape[n] && isNumeric(shape[n]))) {
        checked++;
        for (const bad of NOT_PLAIN) {
          const url = r.contract.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, p: string) => encodeURIComponent(p === name ? bad : validValue(shape[p])));
          // a /api/v1 POST without Idempotency-Key is a 400 before anything else (decision 117): send one
          const idempotency = url.startsWith('/api/v1/') && r.method === 'POST' ? { headers: { 'idempotency-key': `path-ids-${checked}-${NOT_PLAIN.indexOf(bad)}` } } : {};
          const res = await t.call({ method: r.method as 'GET', url, token: tokenFor(url), ...idempotency, ...(r.method === 'GET' ? {} : { payload: {} }) });
          const body = res.json() as { errors?: Record<string, string> };
          if (res.statusCode !== 422 || !body.errors?.[name]) problems.push(`${r.key} with ${name}=${JSON.stringify(bad)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  }, 120_000);

  it('every list answers 422 for page or per_page that are not plain digits', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const r of routes().filter((x) => x.method === 'GET' && shapeOf(x.contract.query).page)) {
      if (pathParamNames(r.contract.path).length) continue;
      checked++;
      for (const [field, bad] of [['page', '1e1'], ['page', '0x2'], ['per_page', '1e1'], ['per_page', '+15'], ['page', '2.0']] as const) {
        const res = await t.call({ method: 'GET', url: `${r.contract.path}?${field}=${encodeURIComponent(bad)}`, token: tokenFor(r.contract.path) });
        const body = res.json() as { errors?: Record<string, string> };
        if (res.statusCode !== 422 || !body.errors?.[field]) problems.push(`${r.key} ${field}=${bad}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(checked).toBeGreaterThan(15);
    expect(problems).toEqual([]);
  }, 120_000);

  it('plain digits still work: an id that does not exist is the usual 404, a real one answers', async () => {
    const res = await t.call({ method: 'GET', url: '/api/empresa/getById/999999', token: admin });
    expect(res.statusCode).toBe(404);
    const list = await t.call({ method: 'GET', url: '/api/empresa/getAllPaginate?page=1&per_page=100', token: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ current_page: 1, per_page: 100 });
  });
});
