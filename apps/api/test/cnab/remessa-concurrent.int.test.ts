import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createCnabTestApp, post, releasedBoletos, waitForJob, type CnabTestApp } from './support.js';

/**
 * Issue 23: five Gerar Remessa requests at the same moment enqueued five jobs. The request is now
 * idempotent under concurrency (decision 108): the job row's exclusive key is unique among open
 * jobs, so one request enqueues and the other four wait for its transaction and answer its job id
 * with "Uma remessa já está sendo gerada." — also when the requests reach two API processes (two
 * apps on one database here; on PGlite one app, whose requests still interleave).
 */
let t: CnabTestApp;
let apps: FastifyInstance[];
beforeAll(async () => {
  t = await createCnabTestApp();
  // on PostgreSQL a second app on the same database stands for a second API process
  apps = t.database.kind === 'postgres' ? [t.app, await t.reopen()] : [t.app];
});
afterAll(async () => t?.close());

async function count(query: ReturnType<typeof sql>): Promise<number> {
  return Number(((await t.db.execute(query)) as { rows: { n: number }[] }).rows[0].n);
}

describe('five Gerar Remessa at once', () => {
  it('enqueue one job; the other four answer that job with the running message', async () => {
    await releasedBoletos(t, [10000, 20000, 30000]);
    const answers = await Promise.all(
      [0, 1, 2, 3, 4].map((i) => apps[i % apps.length].inject({ method: 'POST', url: '/api/boleto/gerarRemessa', headers: { authorization: `Bearer ${t.admin.token}` } })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const bodies = answers.map((a) => a.json());
    const jobIds = new Set(bodies.map((b) => b.data.job_id));
    expect(jobIds.size).toBe(1);
    expect(bodies.filter((b) => b.data.em_andamento === false).map((b) => b.msg)).toEqual(['Gerando a remessa.']);
    expect(bodies.filter((b) => b.data.em_andamento === true).map((b) => b.msg)).toEqual(Array(4).fill('Uma remessa já está sendo gerada.'));
    expect(await count(sql`select count(*)::int as n from background_job where kind = 'cnab.remessa'`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from audit_log where action = 'remessa.solicitar'`)).toBe(1);

    const job = await waitForJob(t, [...jobIds][0]);
    expect(job).toMatchObject({ status: 'done', result: { quantidade_entrada: 3 } });
    expect(await count(sql`select count(*)::int as n from remessa`)).toBe(1);
    // the job done, the next request enqueues a new one (here: refused, nothing is pending)
    expect((await post(t, '/api/boleto/gerarRemessa')).statusCode).toBe(409);
  });
});
