import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acordoContracts, buildPath, cobrancaContracts, mensagemContracts, type ContractDefinition } from '@bg/domain';
import { createTestApp, type TestApp } from '../harness.js';
import { acordoBody, defaulter, today } from './support.js';

let t: TestApp;
let usuario: Awaited<ReturnType<TestApp['userWithToken']>>;
let franqueado: Awaited<ReturnType<TestApp['userWithToken']>>;
let admin: Awaited<ReturnType<TestApp['userWithToken']>>;

beforeAll(async () => {
  t = await createTestApp();
  usuario = await t.userWithToken({ nivel: '1' });
  franqueado = await t.userWithToken({ nivel: '3' });
  admin = await t.userWithToken({ nivel: '2' });
});
afterAll(async () => t?.close());

const contracts: ContractDefinition[] = [...Object.values(cobrancaContracts), ...Object.values(acordoContracts), ...Object.values(mensagemContracts)];

describe('cobrança is for administradores only (spec §6)', () => {
  it('every cobrança contract is admin-only', () => {
    expect(contracts.map((c) => c.access)).toEqual(contracts.map(() => 'admin'));
  });

  it('usuario and franqueado get 403 on every call, even with a valid body; without login 401', async () => {
    const d = await defaulter(t, [{ cents: 10000, daysAgo: 10 }]);
    const bodies: Record<string, object> = {
      '/api/acordo/create': acordoBody(d, { qtd: 1 }),
      '/api/acordo/baixar-parcela': { parcelaId: 1 },
      '/api/acordo/cancelar': { acordoId: 1 },
      '/api/acordo/incluir-spc': { boletoId: d.boletos[0].id },
      '/api/pessoa/createNote': { data: today, descricao: 'x', pessoa_id: d.pessoaId },
    };
    for (const c of contracts) {
      const url = buildPath(c.path, { id: d.pessoaId }) + (c.path.includes('NotesPaginate') ? `?mes=${today.slice(0, 7)}` : '');
      for (const who of [usuario, franqueado]) {
        const res = await t.call({ method: c.method, url, token: who.token, ...(c.method === 'POST' ? { payload: bodies[c.path] ?? {} } : {}) });
        expect(res.statusCode, `${c.method} ${c.path} as nivel ${who.user.nivel}`).toBe(403);
      }
      const anonymous = await t.call({ method: c.method, url, ...(c.method === 'POST' ? { payload: bodies[c.path] ?? {} } : {}) });
      expect(anonymous.statusCode, `${c.method} ${c.path} without login`).toBe(401);
    }
    // nothing changed: the boleto is still pending for the administrador
    const detail = (await t.call({ method: 'GET', url: `/api/pessoa/getInadimplenteById/${d.pessoaId}`, token: admin.token })).json();
    expect(detail.data.boletos).toHaveLength(1);
    expect(detail.data.boletos[0].spc).toBeNull();
  });
});
