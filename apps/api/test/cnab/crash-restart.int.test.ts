import { afterEach, describe, expect, inject, it } from 'vitest';
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openPglite, type Database, type Db } from '../../src/db/client.js';
import { pgliteOptions } from '../../src/db/pglite-options.js';
import { backgroundJob, boleto, retorno, retornoItem } from '../../src/db/schema/index.js';
import { REMESSA_VAZIA } from '../../src/modules/cnab/gerar-remessa.js';
import { openTestDatabase } from '../test-database.js';
import { finished, waitForJob } from '../jobs/test-jobs.js';
import { bankAnswer, createCnabTestApp, download, gerarRemessa, historyCount, releasedBoletos, uploadRetorno, waitForRetorno } from './support.js';

/**
 * Issue 23, "Jobs after a crash": the API process is killed with SIGKILL (a real child process) in
 * the middle of Gerar Remessa and in the middle of applying a retorno. Before decision 108 the job
 * stayed "running" until the queue's time limit (30 minutes for both), so Gerar Remessa answered
 * "Uma remessa já está sendo gerada" and the retorno 409 all that time. Now another process — one
 * already running (PostgreSQL), or the restarted one — takes the job back once the dead process's
 * lease runs out (at once on PGlite, whose DATA_DIR only one process opens) and it finishes from its
 * checkpoint: well within the two minutes the issue allows, nothing applied twice.
 * Short test leases (4 s, heartbeat 0.5 s) through buildApp's jobs options; production: 45 s / 10 s.
 */
const template = inject('testDatabaseTemplate');
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');
const LEASE = { leaseSeconds: 4, heartbeatSeconds: 0.5 };
const TWO_MINUTES = 120_000;

const cleanup: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

/**
 * Where the test's data lives: a clone of the run's template on the PostgreSQL server, or a PGlite
 * DATA_DIR on disk (the child process opens it alone; this process reopens it after the kill).
 */
type Place = { database: Database; childEnv: Record<string, string>; open(): Promise<Database> };

async function openPlace(): Promise<Place> {
  if (template.kind === 'postgres') {
    const { database, url, drop } = await openTestDatabase();
    cleanup.push(drop);
    return { database, childEnv: { CRASH_DATABASE_URL: url! }, open: async () => database };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-crash-'));
  cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const loaded = await PGlite.create({ ...pgliteOptions(dataDir), loadDataDir: new Blob([new Uint8Array(fs.readFileSync(template.dumpPath))]) });
  await loaded.close();
  const open = async () => {
    const database = await openPglite(dataDir);
    cleanup.push(() => database.close().catch(() => undefined));
    return database;
  };
  return { database: await open(), childEnv: { CRASH_DATA_DIR: dataDir }, open };
}

/** An app with JOBS=on: the process that takes the job over, or the restarted one. */
async function startApp(database: Database, storageDir: string): Promise<FastifyInstance> {
  const config = { ...loadConfig({ ...process.env, LOG_LEVEL: 'silent' }), jwtSecret: 'test-secret', storageDir };
  const app = await buildApp({ database, config, logger: false, jobs: { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, stopGraceMs: 2000, ...LEASE } });
  await app.ready();
  cleanup.push(() => app.close());
  return app;
}

type Message = { type: string; statusCode?: number; body?: { status: number; msg: string; data: Record<string, unknown> }; jobId?: number };

function spawnApi(env: Record<string, string>) {
  const proc: ChildProcess = fork(path.join(here, 'crash-process.ts'), [], {
    cwd: repoRoot,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, CRASH_LEASE_SECONDS: String(LEASE.leaseSeconds), CRASH_HEARTBEAT_SECONDS: String(LEASE.heartbeatSeconds), ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const inbox: Message[] = [];
  proc.on('message', (m) => inbox.push(m as Message));
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  cleanup.push(async () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    await exited;
  });
  const next = async (type: string, timeoutMs = 60_000): Promise<Message> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = inbox.findIndex((m) => m.type === type);
      if (i >= 0) return inbox.splice(i, 1)[0];
      if (proc.exitCode !== null) throw new Error(`o processo da API saiu com código ${proc.exitCode}`);
      if (Date.now() > deadline) throw new Error(`o processo da API não enviou ${type}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  return {
    next,
    async post(url: string, token: string) {
      proc.send({ type: 'inject', method: 'POST', url, token });
      return next('response');
    },
    /** kill -9: no handler runs, no connection is closed politely, the lease is never given back. */
    async kill() {
      proc.kill('SIGKILL');
      await exited;
    },
  };
}

async function count(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  return Number(((await db.execute(query)) as { rows: { n: number }[] }).rows[0].n);
}

const post = (app: FastifyInstance, url: string, token: string) => app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` } });

describe(`kill -9 of the API process in the middle of a CNAB job (${template.kind})`, () => {
  it('Gerar Remessa: another process takes the job over and the remessa is generated once, within two minutes', async () => {
    const place = await openPlace();
    const t = await createCnabTestApp({}, { database: place.database, jobs: LEASE });
    cleanup.push(() => fs.rmSync(t.storageDir, { recursive: true, force: true }));
    const boletos = [...(await releasedBoletos(t, [10000, 20000, 30000])), ...(await releasedBoletos(t, [40000, 50000]))];
    await t.app.close();
    if (template.kind === 'pglite') await place.database.close(); // the child opens the DATA_DIR alone

    const api = spawnApi({ ...place.childEnv, CRASH_STORAGE_DIR: t.storageDir, CRASH_HOLD: 'remessa' });
    await api.next('ready', 120_000); // tsx and a whole app: slow on a loaded machine
    const asked = await api.post('/api/boleto/gerarRemessa', t.admin.token);
    expect(asked).toMatchObject({ statusCode: 200, body: { data: { em_andamento: false } } });
    const jobId = asked.body!.data.job_id as number;
    await api.next('held'); // the file is written, the boletos claimed, nothing committed
    // while it runs a second request follows the same job (the message the screen shows); on PGlite
    // it would wait for the held transaction (one connection)
    if (template.kind === 'postgres') {
      expect(await api.post('/api/boleto/gerarRemessa', t.admin.token)).toMatchObject({ body: { msg: 'Uma remessa já está sendo gerada.', data: { job_id: jobId, em_andamento: true } } });
    }

    // PostgreSQL: a second API process is up before the first dies; PGlite: the restart
    const survivor = template.kind === 'postgres' ? await startApp(place.database, t.storageDir) : null;
    await api.kill();
    const killedAt = Date.now();
    const database = template.kind === 'postgres' ? place.database : await place.open();
    const app = survivor ?? (await startApp(database, t.storageDir));

    const job = await waitForJob(database.db, jobId, finished, TWO_MINUTES);
    const took = Date.now() - killedAt;
    expect(job).toMatchObject({ status: 'done', attempt: 2, failures: 0, reclaims: 1, error: null, result: { quantidade_entrada: 5 } });
    expect(took).toBeLessThan(60_000); // within a minute (the dead run's time limit is 30 min)

    // once: one remessa, one file, one item and one history row per boleto
    expect(await count(database.db, sql`select count(*)::int as n from remessa`)).toBe(1);
    expect(await count(database.db, sql`select count(*)::int as n from remessa_item`)).toBe(5);
    expect(await count(database.db, sql`select count(*)::int as n from stored_file where storage_key like 'nova_garantia/remessas/%'`)).toBe(1);
    const after = await database.db.select({ situacao: boleto.situacao }).from(boleto).where(inArray(boleto.id, boletos.map((b) => b.id)));
    expect(after.every((b) => b.situacao === 'ENVIADO PARA REGISTRO')).toBe(true);
    for (const b of boletos) expect(await historyCount(database.db, b.id, 'ENVIADO PARA REGISTRO')).toBe(1);
    // and the button works again: nothing is left to send (no "já está sendo gerada")
    const again = await post(app, '/api/boleto/gerarRemessa', t.admin.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(REMESSA_VAZIA);
  }, 240_000);

  it('applying a retorno: the restarted process resumes from the checkpoint and applies every title once, within two minutes', async () => {
    const place = await openPlace();
    const t = await createCnabTestApp({}, { database: place.database, jobs: LEASE });
    cleanup.push(() => fs.rmSync(t.storageDir, { recursive: true, force: true }));
    const boletos = await releasedBoletos(t, [11000, 12000, 13000, 14000, 15000, 16000, 17000]);
    const { remessa } = await gerarRemessa(t);
    // the bank confirms the 7 entradas and settles 4 of them: 11 titles
    const answer = await bankAnswer(await download(t, remessa.link), { liquidar: (i) => i % 2 === 0, fileNumber: 4242 });
    const id = (await uploadRetorno(t, 'crash.ret', answer)).json().data.id as number;
    await waitForRetorno(t.db, id, (r) => r.status === 'PRONTO');
    await t.app.close();
    if (template.kind === 'pglite') await place.database.close();

    const api = spawnApi({ ...place.childEnv, CRASH_STORAGE_DIR: t.storageDir, CRASH_HOLD: 'retorno', CRASH_BATCH_SIZE: '3' });
    await api.next('ready', 120_000); // tsx and a whole app: slow on a loaded machine
    expect(await api.post(`/api/retorno/aplicar/${id}`, t.admin.token)).toMatchObject({ statusCode: 200, body: { data: { status: 'APLICANDO' } } });
    const { jobId } = await api.next('held'); // the first batch of 3 titles and its checkpoint committed
    await api.kill();
    const killedAt = Date.now();

    const database = await place.open();
    const [mid] = await database.db.select().from(retorno).where(eq(retorno.id, id));
    expect(mid).toMatchObject({ status: 'APLICANDO', quantidade_processada: 3 });
    const app = await startApp(database, t.storageDir);
    const done = await waitForRetorno(database.db, id, (r) => r.status === 'PROCESSADO', TWO_MINUTES);
    expect(Date.now() - killedAt).toBeLessThan(60_000);
    expect(done).toMatchObject({ quantidade_processada: 11, quantidade_entrada: 7, quantidade_liquidado: 4, quantidade_ja_aplicado: 0 });
    expect(await waitForJob(database.db, jobId!, finished, 10_000)).toMatchObject({ status: 'done', attempt: 2, failures: 0, reclaims: 1 });

    // every line recorded once, every movement applied once
    const itens = await database.db.select({ linha: retornoItem.linha, resultado: retornoItem.resultado }).from(retornoItem).where(eq(retornoItem.retorno_id, id));
    expect(itens).toHaveLength(11);
    expect(new Set(itens.map((i) => i.linha)).size).toBe(11);
    expect(itens.every((i) => i.resultado === 'APLICADO')).toBe(true);
    for (const b of boletos) expect(await historyCount(database.db, b.id, 'GARANTIDO')).toBe(1);
    const settled = await database.db
      .select({ id: boleto.id })
      .from(boleto)
      .where(and(inArray(boleto.id, boletos.map((b) => b.id)), eq(boleto.situacao, 'LIQUIDADO')));
    expect(settled).toHaveLength(4);
    for (const b of settled) expect(await historyCount(database.db, b.id, 'LIQUIDADO')).toBe(1);
    const [job] = await database.db.select({ status: backgroundJob.status }).from(backgroundJob).where(eq(backgroundJob.id, jobId!));
    expect(job.status).toBe('done');
    // the interrupted retorno no longer answers "being applied"
    const again = await post(app, `/api/retorno/aplicar/${id}`, t.admin.token);
    expect(again.json().msg).toBe('Este retorno já foi aplicado.');
  }, 240_000);
});
