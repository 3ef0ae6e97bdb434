import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { createEmpresa, createUsuario } from '../../src/factories/foundation.js';
import { createGarantia, createPessoa, createVisao } from '../../src/factories/garantia.js';
import { acessoDadosPessoais, backgroundJob } from '../../src/db/schema/index.js';
import { lgpdPurgeJob } from '../../src/modules/lgpd/purge-acessos.js';
import { createTestApp, type TestApp } from '../harness.js';
import { multipart, PNG } from '../multipart.js';

/**
 * LGPD access log (docs/decisions/095): the use-cases that answer a person's income, documents or
 * bureau results record who, what, which call and from where; administradores read it per person;
 * a nightly job purges it beyond the retention (never under 6 months).
 */
const schema = `pgboss_lgpd_${randomBytes(4).toString('hex')}`;
let t: TestApp;
let admin: { token: string; user: Awaited<ReturnType<typeof createUsuario>> };

beforeAll(async () => {
  t = await createTestApp({ lgpdAccessLogRetentionMonths: 3 }, { jobs: { schema } });
  admin = await t.userWithToken({ nivel: '2', empresa_id: null });
});
afterAll(async () => t?.close());

const get = (url: string, token = admin.token, remoteAddress?: string) => t.call({ method: 'GET', url, token, ...(remoteAddress ? { remoteAddress } : {}) });
const logOf = (pessoaId: number) =>
  t.database.db
    .select({ usuario_id: acessoDadosPessoais.usuario_id, recurso: acessoDadosPessoais.recurso, rota: acessoDadosPessoais.rota, ip: acessoDadosPessoais.ip })
    .from(acessoDadosPessoais)
    .where(eq(acessoDadosPessoais.pessoa_id, pessoaId))
    .orderBy(acessoDadosPessoais.id);

async function lojaWithGarantia() {
  const db = t.database.db;
  const emp = await createEmpresa(db);
  const loja = await t.userWithToken({ nivel: '1', empresa_id: emp.id });
  const g = await createGarantia(db, { empresa_id: emp.id, usuario_id: loja.user.id });
  return { loja, garantia: g.garantia, pessoaId: g.garantia.pessoa_id };
}

describe('what is recorded', () => {
  it('pessoa getById (renda) and getDocumentacao (only when there are documents), with user, route and IP', async () => {
    const { loja, pessoaId } = await lojaWithGarantia();
    expect((await get(`/api/pessoa/getById/${pessoaId}`, loja.token, '10.1.2.3')).statusCode).toBe(200);
    expect((await get(`/api/pessoa/getDocumentacao/${pessoaId}`, loja.token)).statusCode).toBe(200);
    expect(await logOf(pessoaId)).toEqual([{ usuario_id: loja.user.id, recurso: 'renda', rota: 'GET /api/pessoa/getById/:id', ip: '10.1.2.3' }]);

    const up = multipart({ pessoa_id: String(pessoaId) }, [{ name: 'rg.png', data: PNG, type: 'image/png' }]);
    expect((await t.call({ method: 'POST', url: '/api/pessoa/uploadDocumento', token: loja.token, ...up })).statusCode).toBe(200);
    expect((await get(`/api/pessoa/getDocumentacao/${pessoaId}`, loja.token)).statusCode).toBe(200);
    expect((await logOf(pessoaId)).map((r) => [r.recurso, r.rota])).toEqual([
      ['renda', 'GET /api/pessoa/getById/:id'],
      ['documentos', 'GET /api/pessoa/getDocumentacao/:id'],
    ]);
  });

  it('a person without renda, another tenant refused (404), and a scope check alone record nothing', async () => {
    const db = t.database.db;
    const p = await createPessoa(db);
    await createVisao(db, { pessoa_id: p.id, empresa_id: null, dados: { renda: null } });
    expect((await get(`/api/pessoa/getById/${p.id}`)).statusCode).toBe(200);
    const { pessoaId } = await lojaWithGarantia();
    const other = await lojaWithGarantia();
    expect((await get(`/api/pessoa/getById/${pessoaId}`, other.loja.token)).statusCode).toBe(404);
    expect((await get(`/api/pessoa/getNotesByPessoaId/${pessoaId}`)).statusCode).toBe(200);
    expect(await logOf(p.id)).toEqual([]);
    expect(await logOf(pessoaId)).toEqual([]);
  });

  it('garantia getById: renda, documentos and (administradores) the bureau results; consultaRestritiva/Analitica', async () => {
    const { loja, garantia, pessoaId } = await lojaWithGarantia();
    const up = multipart({ pessoa_id: String(pessoaId) }, [{ name: 'cpf.png', data: PNG, type: 'image/png' }]);
    expect((await t.call({ method: 'POST', url: '/api/pessoa/uploadDocumento', token: loja.token, ...up })).statusCode).toBe(200);
    expect((await get(`/api/garantia/getById/${garantia.id}`, loja.token)).statusCode).toBe(200);
    expect((await get(`/api/garantia/consultaRestritiva/${garantia.id}`)).statusCode).toBe(200);
    expect((await get(`/api/garantia/consultaRestritiva/${garantia.id}`)).statusCode).toBe(200); // stored: answered again, logged again
    expect((await get(`/api/garantia/consultaAnalitica/${garantia.id}`)).statusCode).toBe(200);
    expect((await get(`/api/garantia/getById/${garantia.id}`)).statusCode).toBe(200);
    const log = await logOf(pessoaId);
    expect(log.map((r) => `${r.usuario_id === loja.user.id ? 'loja' : 'admin'} ${r.recurso} ${r.rota}`)).toEqual([
      'loja renda GET /api/garantia/getById/:id',
      'loja documentos GET /api/garantia/getById/:id',
      'admin consulta_bureau GET /api/garantia/consultaRestritiva/:id',
      'admin consulta_bureau GET /api/garantia/consultaRestritiva/:id',
      'admin consulta_bureau GET /api/garantia/consultaAnalitica/:id',
      'admin renda GET /api/garantia/getById/:id',
      'admin documentos GET /api/garantia/getById/:id',
      'admin consulta_bureau GET /api/garantia/getById/:id',
    ]);
  });

  it('the defaulter detail (cobrança) records the income it shows', async () => {
    const { pessoaId } = await lojaWithGarantia();
    expect((await get(`/api/pessoa/getInadimplenteById/${pessoaId}`)).statusCode).toBe(200);
    expect(await logOf(pessoaId)).toEqual([expect.objectContaining({ recurso: 'renda', rota: 'GET /api/pessoa/getInadimplenteById/:id' })]);
  });
});

describe('GET /api/pessoa/getAcessos/:id', () => {
  it('lists the log newest first with who, for administradores only', async () => {
    const { loja, pessoaId } = await lojaWithGarantia();
    await get(`/api/pessoa/getById/${pessoaId}`, loja.token);
    await get(`/api/pessoa/getById/${pessoaId}`);
    const res = await get(`/api/pessoa/getAcessos/${pessoaId}?per_page=10`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 200, total: 2, current_page: 1, per_page: 10 });
    expect(body.data[0]).toMatchObject({ usuario_id: admin.user.id, usuario_nome: admin.user.name, usuario_login: admin.user.login, recurso: 'renda', rota: 'GET /api/pessoa/getById/:id' });
    expect(body.data[1]).toMatchObject({ usuario_id: loja.user.id, recurso: 'renda' });
    expect(new Date(body.data[0].created_at).getTime()).toBeGreaterThanOrEqual(new Date(body.data[1].created_at).getTime());
    // reading the log is not itself an access to the person's data
    expect((await logOf(pessoaId)).length).toBe(2);
    expect((await get(`/api/pessoa/getAcessos/${pessoaId}`, loja.token)).statusCode).toBe(403);
    expect((await get('/api/pessoa/getAcessos/2147483600')).statusCode).toBe(404);
  });
});

describe('retention', () => {
  it('the nightly job is scheduled with the retention, never under 6 months, and deletes only older rows', async () => {
    const [scheduled] = (await t.database.executeSql(`SELECT cron, data FROM ${schema}.schedule WHERE name = $1`, [lgpdPurgeJob.kind])).rows as { cron: string; data: { meses: number } }[];
    // LGPD_ACCESS_LOG_RETENTION_MONTHS=3 in this app: raised to the 6-month minimum
    expect(scheduled).toEqual({ cron: '40 3 * * *', data: { meses: 6 } });

    const db = t.database.db;
    const p = await createPessoa(db);
    const ages = [13, 8, 5, 0];
    for (const months of ages) {
      await db.insert(acessoDadosPessoais).values({ usuario_id: admin.user.id, pessoa_id: p.id, recurso: 'renda', rota: `idade ${months}`, created_at: sql`now() - make_interval(months => ${months}::int)` });
    }
    const run = async (meses: number) => {
      const job = (await t.app.jobs.enqueue(db, lgpdPurgeJob, { meses }))!;
      for (let i = 0; i < 150; i++) {
        const [row] = await db.select().from(backgroundJob).where(eq(backgroundJob.id, job.id));
        if (row.status === 'done' || row.status === 'failed') return row;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('purge job did not finish');
    };
    const twelve = await run(12);
    expect(twelve).toMatchObject({ status: 'done', result: { meses: 12 } });
    const remaining = async () => (await db.select({ rota: acessoDadosPessoais.rota }).from(acessoDadosPessoais).where(eq(acessoDadosPessoais.pessoa_id, p.id)).orderBy(desc(acessoDadosPessoais.id))).map((r) => r.rota);
    expect(await remaining()).toEqual(['idade 0', 'idade 5', 'idade 8']);
    // asked for 3 months: 6 are kept anyway
    const three = await run(3);
    expect(three).toMatchObject({ status: 'done', result: { meses: 6 } });
    expect(await remaining()).toEqual(['idade 0', 'idade 5']);
  });
});
