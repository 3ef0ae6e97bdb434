import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addDays, cnabAccountFromConta, readRemessa240, todayInSaoPaulo, writeRetorno240, type BoletoAction, type CnabAccount, type RemessaEntryRead, type RemessaJobResult, type RetornoTitleInput } from '@bg/domain';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Database, Db } from '../../src/db/client.js';
import type { JobsBuildOptions } from '../../src/jobs/index.js';
import { openTestDatabase } from '../test-database.js';
import { createEmpresa, createUsuario } from '../../src/factories/foundation.js';
import { createGarantia, createPessoa } from '../../src/factories/garantia.js';
import { DEMO_CONTA } from '../../src/seed/seed-boletos.js';
import { boleto, retorno } from '../../src/db/schema/index.js';
import { activeContaCobranca } from '../../src/modules/conta-cobranca/active-conta-cobranca.js';
import { insertContaCobranca, type ContaCobrancaRow } from '../../src/modules/conta-cobranca/insert-conta-cobranca.js';
import { issueBoletosOnRelease } from '../../src/modules/boletos/issue-boletos-on-release.js';
import { changeSituacao } from '../../src/modules/boletos/change-situacao.js';

/**
 * Gerar Remessa takes every pending boleto of the account, so each CNAB test app has a database of
 * its own (a clone of the run's template, test/test-database.ts) with the demo conta de cobrança
 * (Caixa 104, beneficiário 123456); reopen() starts a second app on the same database.
 */
export type CnabTestApp = {
  readonly app: FastifyInstance;
  database: Database;
  db: Db;
  storageDir: string;
  conta: ContaCobrancaRow;
  admin: { id: number; token: string };
  /** A second app on the same database (the process that resumes a job); closed with this one. */
  reopen(): Promise<FastifyInstance>;
  close(): Promise<void>;
};

/**
 * `options.database`: the app on that database (the caller's, closed but not dropped by close());
 * `options.jobs`: queue settings (the crash tests' short leases).
 */
export async function createCnabTestApp(configOverrides: Partial<Config> = {}, options: { database?: Database; jobs?: JobsBuildOptions } = {}): Promise<CnabTestApp> {
  const given = options.database;
  const { database, drop } = given ? { database: given, drop: () => given.close() } : await openTestDatabase();
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-cnab-'));
  const config = { ...loadConfig({ ...process.env, LOG_LEVEL: 'silent' }), jwtSecret: 'test-secret', storageDir, ...configOverrides };
  const apps: FastifyInstance[] = [];
  // CNAB_TEST_LOG=1 shows the app's error log (a 500's cause) while debugging a test
  const start = async () => {
    const app = await buildApp({ database, config, logger: process.env.CNAB_TEST_LOG ? { level: 'error' } : false, loginDelayBaseMs: 0, jobs: { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, stopGraceMs: 2000, ...options.jobs } });
    await app.ready();
    apps.push(app);
    return app;
  };
  const app = await start();
  const conta = (await activeContaCobranca(database.db)) ?? (await insertContaCobranca(database.db, DEMO_CONTA, 'SEED', null));
  const adminUser = await createUsuario(database.db, { nivel: '2', empresa_id: null });
  const token = await loginWith(app, adminUser.login, adminUser.password);
  return {
    /** The app started last (after reopen(), the new one). */
    get app() {
      return apps[apps.length - 1];
    },
    database,
    db: database.db,
    storageDir,
    conta,
    admin: { id: adminUser.id, token },
    reopen: start,
    async close() {
      for (const a of apps.reverse()) await a.close().catch(() => undefined);
      await drop();
      fs.rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

export async function loginWith(app: FastifyInstance, login: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username: login, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return res.json().access_token as string;
}

/** A token of a usuario (nivel 1) and of a franqueado (nivel 3), for the 403 checks. */
export async function nonAdminTokens(t: CnabTestApp) {
  const emp = await createEmpresa(t.db);
  const usuario = await createUsuario(t.db, { nivel: '1', empresa_id: emp.id });
  const franqueado = await createUsuario(t.db, { nivel: '3', empresa_id: emp.id });
  return { usuario: await loginWith(t.app, usuario.login, usuario.password), franqueado: await loginWith(t.app, franqueado.login, franqueado.password) };
}

/**
 * A released guarantee (boletos DISPONÍVEL PARA PAGAMENTO, numbered by the conta), optionally
 * walked through machine actions. Answers the boletos as stored.
 */
export async function releasedBoletos(t: CnabTestApp, parcelas: number[] = [25000, 25000], actions: BoletoAction[] = []) {
  const emp = await createEmpresa(t.db);
  const user = await createUsuario(t.db, { nivel: '1', empresa_id: emp.id });
  const pessoa = await createPessoa(t.db);
  const g = await createGarantia(t.db, { empresa_id: emp.id, usuario_id: user.id, pessoa_id: pessoa.id, status: 'APROVADO', libera_boleto: 'S', parcelas });
  await issueBoletosOnRelease(t.db, g.garantia.id, { id: t.admin.id, ip: null });
  for (const b of g.boletos) for (const a of actions) await t.db.transaction((tx) => changeSituacao(tx, b.id, a, { id: t.admin.id, ip: null }, 'teste'));
  return t.db.select().from(boleto).where(eq(boleto.garantia_id, g.garantia.id)).orderBy(boleto.parcela);
}

export const post = (t: CnabTestApp, url: string, token = t.admin.token, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
export const get = (t: CnabTestApp, url: string, token = t.admin.token) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

/** Downloads a file through its signed link (what the browser does with the list's link). */
export async function download(t: CnabTestApp, link: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url: link });
  if (res.statusCode !== 200) throw new Error(`download ${link}: ${res.statusCode} ${res.body}`);
  return res.rawPayload;
}

/** A multipart body with one file in field "arquivo" (what the browser's FormData sends). */
export function multipartFile(name: string, content: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----bg${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`, 'latin1');
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, 'latin1');
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function uploadRetorno(t: CnabTestApp, name: string, content: Buffer, token = t.admin.token) {
  const body = multipartFile(name, content);
  return t.app.inject({ method: 'POST', url: '/api/retorno/create', headers: { ...body.headers, authorization: `Bearer ${token}` }, payload: body.payload });
}

/** Polls the retorno until `until` holds. */
export async function waitForRetorno(db: Db, id: number, until: (r: typeof retorno.$inferSelect) => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db.select().from(retorno).where(eq(retorno.id, id));
    if (row && until(row)) return row;
    if (Date.now() > deadline) throw new Error(`retorno ${id} ficou em ${row?.status}`);
    await sleep(100);
  }
}

export async function historyCount(db: Db, boletoId: number, para: string): Promise<number> {
  const res = await db.execute(sql`select count(*)::int as n from boleto_historico where boleto_id = ${boletoId} and para = ${para}`);
  return Number((res as { rows: { n: number }[] }).rows[0].n);
}

/**
 * The bank's answer to a remessa we generated, as the tests need it: reads the remessa with the
 * domain's readRemessa240 and writes, with writeRetorno240, "entrada confirmada" (02) for every
 * entrada and "liquidação" (06) for the ones chosen — paid with interest, less a fee, credited the
 * next day. `account` defaults to the file's own (the demo conta).
 */
export async function bankAnswer(
  remessaBytes: Buffer,
  options: { liquidar?: (index: number) => boolean; account?: CnabAccount; fileNumber?: number; occurrenceDate?: string; extra?: RetornoTitleInput[] } = {},
): Promise<Buffer> {
  const entries: RemessaEntryRead[] = [];
  for await (const e of readRemessa240([remessaBytes])) entries.push(e);
  const occurrenceDate = options.occurrenceDate ?? todayInSaoPaulo();
  const titles: RetornoTitleInput[] = [];
  entries.forEach((e, i) => {
    if (e.kind !== 'entrada') return;
    const base = { ourNumber: e.ourNumber, documentNumber: e.documentNumber, dueDate: e.dueDate ?? occurrenceDate, amountCents: e.amountCents, occurrenceDate };
    titles.push({ ...base, movement: '02' });
    if (options.liquidar?.(i)) titles.push({ ...base, movement: '06', paidCents: e.amountCents + 150, interestCents: 150, feeCents: 250, creditDate: addDays(occurrenceDate, 1) });
  });
  titles.push(...(options.extra ?? []));
  return writeRetorno240({ account: options.account ?? cnabAccountFromConta(DEMO_CONTA), fileNumber: options.fileNumber ?? 1, generatedAt: new Date(), titles });
}

/** GET /api/job/{id} until the run is done or failed. */
export async function waitForJob(t: CnabTestApp, jobId: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = (await get(t, `/api/job/${jobId}`)).json().data;
    if (job.status === 'done' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} ficou em ${job.status}`);
    await sleep(100);
  }
}

/**
 * Gerar Remessa as the screen does it: POST (refusals come back at once), then the job's result,
 * and the remessa as the list shows it (with its download link) when one was generated.
 */
export async function gerarRemessa(t: CnabTestApp, token = t.admin.token) {
  const res = await post(t, '/api/boleto/gerarRemessa', token);
  if (res.statusCode !== 200) return { res, job: null, result: null, remessa: null };
  const job = await waitForJob(t, res.json().data.job_id);
  const result = job.result as RemessaJobResult | null;
  const remessa = result?.remessa_id ? (await get(t, '/api/boleto/getRemessas?per_page=100')).json().data.find((r: { id: number }) => r.id === result.remessa_id) : null;
  return { res, job, result, remessa };
}
