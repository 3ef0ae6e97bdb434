import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { empresaContracts, type ContractDefinition } from '@bg/domain';
import { createTestApp, type TestApp } from '../harness.js';

/**
 * Every /api route is registered from a contract with a response schema (JSON) or a declared
 * content type (files). A route added without one fails here, so later features cannot skip it.
 */
/**
 * Routes registered before contracts existed, being moved onto them. The list only shrinks: a
 * route moved to a contract must leave it (the test below fails on a stale entry) and it must be
 * empty when the contracts issue is resolved.
 */
const NOT_YET_ON_A_CONTRACT = new Set<string>([
]);

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const methods = (r: RouteOptions) => (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD');
// the HEAD twins Fastify adds to GET routes are not endpoints of their own
// the description pages (/api/docs, the public API's /api/v1/docs) are no endpoints of their own
const apiRoutes = () => t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !/^\/api(\/v1)?\/docs/.test(r.url) && methods(r).length > 0);

describe('route table', () => {
  it('has a contract for every /api route, with a response schema or a file content type', () => {
    expect(apiRoutes().length).toBeGreaterThan(40);
    const missing = apiRoutes()
      .filter((r) => {
        const contract = r.config?.contract as ContractDefinition | undefined;
        return !contract || (!contract.response && !contract.file?.contentTypes.length);
      })
      .flatMap((r) => methods(r).map((m) => `${m} ${r.url}`));
    expect(missing.filter((route) => !NOT_YET_ON_A_CONTRACT.has(route))).toEqual([]);
    // an entry whose route now has a contract (or no longer exists) must leave the list
    expect([...NOT_YET_ON_A_CONTRACT].filter((route) => !missing.includes(route))).toEqual([]);
  });

  it("registers each route with its contract's method, path and access", () => {
    for (const r of apiRoutes()) {
      const contract = r.config?.contract as ContractDefinition | undefined;
      if (!contract) continue; // reported by the test above
      expect(methods(r)).toContain(contract.method);
      expect(r.url).toBe(contract.path);
      expect(r.config?.access).toBe(contract.access);
    }
  });

  it('shows every JSON response with its fields in the OpenAPI document', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: { properties?: object } }> }> }>>;
    };
    const withoutFields: string[] = [];
    for (const r of apiRoutes()) {
      const contract = r.config?.contract as ContractDefinition | undefined;
      if (!contract) continue; // reported by the first test
      const openApiPath = contract.path.replace(/:([A-Za-z_]\w*)/g, '{$1}');
      const op = doc.paths[openApiPath]?.[contract.method.toLowerCase()];
      const content = op?.responses?.['200']?.content ?? {};
      if (contract.response) {
        if (!content['application/json']?.schema?.properties) withoutFields.push(`${contract.method} ${contract.path}`);
      } else if (!contract.file!.contentTypes.every((type) => type in content)) {
        withoutFields.push(`${contract.method} ${contract.path} (${contract.file!.contentTypes.join(', ')})`);
      }
    }
    expect(withoutFields).toEqual([]);
  });
});

describe('serialisation through the response schema', () => {
  it('drops columns the contract does not declare and sends date-times as ISO 8601', async () => {
    const { token, user } = await t.userWithToken({ nivel: '1' });
    const res = await t.call({ method: 'GET', url: `/api/empresa/getById/${user.empresa_id}`, token });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Record<string, unknown>;
    // the row has updated_at; the contract does not: it never leaves the server
    expect(data).not.toHaveProperty('updated_at');
    expect(Object.keys(data).sort()).toEqual(Object.keys(empresaContracts.getById.response.shape.data.shape).sort());
    expect(data.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
  });
});
