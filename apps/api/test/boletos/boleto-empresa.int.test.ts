import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../harness.js';
import { createEmpresa } from '../../src/factories/foundation.js';
import { payload } from '../garantias/helpers.js';
import { ensureConta, move, releasedGarantia } from './support.js';

// boleto.empresa_id is a copy of its guarantee's empresa (migration 0099, decision 100): the lists
// by loja trust it for tenancy, so no write may leave it different from the guarantee's.

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['userWithToken']>>;
let loja: Awaited<ReturnType<TestApp['userWithToken']>>;
let outra: Awaited<ReturnType<TestApp['userWithToken']>>;
beforeAll(async () => {
  t = await createTestApp();
  await ensureConta(t.database.db);
  admin = await t.userWithToken({ nivel: '2' });
  loja = await t.userWithToken();
  outra = await t.userWithToken();
});
afterAll(async () => t?.close());

const rowsOf = async <R>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as { rows: R[] }).rows;
const empresaOfBoletos = (garantiaId: number) =>
  rowsOf<{ empresa_id: number }>(sql`select distinct empresa_id from boleto where garantia_id = ${garantiaId}`).then((r) => r.map((x) => x.empresa_id));

describe("the boleto's empresa", () => {
  it('is its guarantee’s when a guarantee is requested through the API', async () => {
    const res = await t.call({ method: 'POST', url: '/api/garantia/solicitaGarantia', token: loja.token, payload: payload({ qtd_titulos: 2 }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await empresaOfBoletos(res.json().data.id)).toEqual([loja.user.empresa_id]);
  });

  it('is set from the guarantee whatever an insert says, and follows the guarantee if it moves', async () => {
    const { garantia } = await releasedGarantia(t.database.db, { empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id, parcelas: [1000, 2000] });
    // an insert naming no empresa, or another one, gets the guarantee's
    await t.database.db.execute(sql`
      insert into boleto (digito, garantia_id, parcela, valor, vencimento) values (0, ${garantia.id}, 3, 10, '2027-05-10')`);
    await t.database.db.execute(sql`
      insert into boleto (digito, garantia_id, empresa_id, parcela, valor, vencimento) values (0, ${garantia.id}, ${outra.user.empresa_id}, 4, 10, '2027-06-10')`);
    expect(await empresaOfBoletos(garantia.id)).toEqual([loja.user.empresa_id]);
    // an update cannot move one boleto to another empresa alone
    await t.database.db.execute(sql`update boleto set empresa_id = ${outra.user.empresa_id} where garantia_id = ${garantia.id} and parcela = 1`);
    expect(await empresaOfBoletos(garantia.id)).toEqual([loja.user.empresa_id]);
    // a guarantee moved to another empresa carries its boletos along
    const nova = await createEmpresa(t.database.db);
    await t.database.db.execute(sql`update garantia set empresa_id = ${nova.id} where id = ${garantia.id}`);
    expect(await empresaOfBoletos(garantia.id)).toEqual([nova.id]);
  });

  it('gives the lists filtered by loja the same rows and total as the guarantee join', async () => {
    for (const parcelas of [[5000], [6000, 7000]]) {
      const { boletos } = await releasedGarantia(t.database.db, { empresa_id: outra.user.empresa_id!, usuario_id: outra.user.id, parcelas });
      for (const b of boletos) await move(t.database.db, b.id, ['remessa', 'confirmarEntrada']);
    }
    const expected = await rowsOf<{ id: number }>(sql`
      select b.id from boleto b join garantia g on g.id = b.garantia_id
       where b.situacao is not null and g.empresa_id = ${outra.user.empresa_id} order by b.id`);
    const byAdmin = await t.call({ method: 'GET', url: '/api/boleto/getAllPaginate', token: admin.token, query: { empresa_id: String(outra.user.empresa_id), per_page: '100' } });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().total).toBe(expected.length);
    expect(byAdmin.json().data.map((r: { id: number }) => r.id).sort((a: number, b: number) => a - b)).toEqual(expected.map((r) => r.id));
    const recebimentos = await t.call({ method: 'GET', url: '/api/boleto/getAllPaginate', token: outra.token, query: { situacao: 'GARANTIDO', per_page: '100' } });
    expect(recebimentos.json().total).toBe(3);
    expect(recebimentos.json().data.every((r: { fantasia: string }) => r.fantasia === byAdmin.json().data[0].fantasia)).toBe(true);
  });
});
