// Child of bench/retorno.ts, phase (b): the preview through the API. The whole app runs in this
// process on a temporary database — a fresh PostgreSQL database when BENCH_DATABASE_URL (or
// TEST_DATABASE_URL) names a server, else an in-memory PGlite — with the demo conta de cobrança and
// NO boletos: every title is looked up in its batch (the file's account is found) and reported not
// found. The file is uploaded over HTTP as a stream (multipart, like the browser) by a client in a
// child process — as the browser is, outside the server: its read buffers are not the app's memory —,
// then the preview job is polled until the retorno is PRONTO. Peak RSS is this (the app's) process.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openPglite, openPostgres, type Database } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { createUsuario } from '../src/factories/foundation.js';
import { seedContaCobranca } from '../src/seed/seed-boletos.js';
import { insertContaCobranca } from '../src/modules/conta-cobranca/insert-conta-cobranca.js';
import { report } from './cnab-bench-support.js';
import { bench400Bank } from './retorno-400-support.js';

const file = process.argv[2];
// a CNAB 400 file (--layout 400 --bank …) needs a conta of its bank, which its header names
const bank400 = process.argv[3] ?? null;
const size = fs.statSync(file).size;
const server = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';
const dbName = `bg_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;

async function openDatabase(): Promise<Database> {
  if (!server) return openPglite(null);
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${dbName}`;
  return openPostgres(url.toString());
}

/** After database.close() the pool's last connections may still be closing: wait for them. */
async function dropDatabase(): Promise<void> {
  if (!server) return;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  for (let i = 0; ; i++) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName}${i >= 25 ? ' WITH (FORCE)' : ''}`);
      break;
    } catch (err) {
      if (i >= 25) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  await admin.end();
}

/** The fields this bench reads of the API's answers (login, upload, retorno detail). */
type ApiJson = {
  access_token: string;
  data: { id: number; status: string; job?: { error?: string }; previa: { titulos: number; nao_encontrado: { quantidade: number } } };
};

function request(port: number, method: string, url: string, headers: Record<string, string | number>, body?: (req: http.ClientRequest) => void): Promise<{ status: number; json: ApiJson }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null }));
    });
    req.on('error', reject);
    if (body) body(req);
    else req.end();
  });
}

/**
 * The upload client, run in a process of its own: the file streamed as multipart/form-data. Prints
 * the status and the answer's JSON.
 */
const UPLOAD_CLIENT = `
import fs from 'node:fs';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
const [port, token, file] = process.argv.slice(1);
const size = fs.statSync(file).size;
const boundary = '----bench' + randomBytes(8).toString('hex');
const head = Buffer.from('--' + boundary + '\\r\\nContent-Disposition: form-data; name="arquivo"; filename="bench.ret"\\r\\nContent-Type: text/plain\\r\\n\\r\\n');
const tail = Buffer.from('\\r\\n--' + boundary + '--\\r\\n');
const req = http.request({ host: '127.0.0.1', port: Number(port), method: 'POST', path: '/api/retorno/create', headers: { authorization: 'Bearer ' + token, 'content-type': 'multipart/form-data; boundary=' + boundary, 'content-length': head.length + size + tail.length } }, (res) => {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (c) => (text += c));
  res.on('end', () => process.stdout.write(JSON.stringify({ status: res.statusCode, json: text ? JSON.parse(text) : null })));
});
req.on('error', (err) => { console.error(err); process.exit(1); });
req.write(head);
const stream = fs.createReadStream(file, { highWaterMark: 1 << 20 });
stream.pipe(req, { end: false });
stream.on('end', () => req.end(tail));
`;

function upload(port: number, token: string, path: string): Promise<{ status: number; json: ApiJson }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', UPLOAD_CLIENT, String(port), token, path], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (c: string) => (out += c));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out) as { status: number; json: ApiJson }) : reject(new Error(`upload client exited with ${code}`))));
  });
}

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-bench-'));
const database = await openDatabase();
await migrate(database);
await seedContaCobranca(database.db);
if (bank400) await insertContaCobranca(database.db, bench400Bank(bank400).conta, 'SEED', null);
const admin = await createUsuario(database.db, { nivel: '2', empresa_id: null });
const config = { ...loadConfig({ ...process.env, LOG_LEVEL: 'silent' }), jwtSecret: 'bench', storageDir };
const app = await buildApp({ database, config, logger: false, loginDelayBaseMs: 0, jobs: { pollingIntervalSeconds: 0.5 } });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
try {
  const login = await request(port, 'POST', '/api/login', { 'content-type': 'application/json' }, (req) => req.end(JSON.stringify({ username: admin.login, password: admin.password })));
  const auth = { authorization: `Bearer ${login.json.access_token}` };

  const uploadStart = performance.now();
  const up = await upload(port, login.json.access_token, file);
  const uploadMs = performance.now() - uploadStart;
  if (up.status !== 200) throw new Error(`upload: ${up.status} ${JSON.stringify(up.json)}`);
  const id = up.json.data.id;

  const previewStart = performance.now();
  let detail;
  for (;;) {
    detail = (await request(port, 'GET', `/api/retorno/getById/${id}`, auth)).json.data;
    if (detail.status !== 'ANALISANDO') break;
    await new Promise((r) => setTimeout(r, 25));
  }
  const previewMs = performance.now() - previewStart;
  if (detail.status !== 'PRONTO') throw new Error(`preview ended ${detail.status}: ${detail.job?.error}`);
  report({
    phase: 'api',
    database: server ? 'postgresql' : 'pglite',
    titles: detail.previa.titulos,
    notFound: detail.previa.nao_encontrado.quantidade,
    bytes: size,
    uploadMs,
    previewMs,
    ms: uploadMs + previewMs,
  });
} finally {
  await app.close();
  await database.close();
  await dropDatabase();
  fs.rmSync(storageDir, { recursive: true, force: true });
}
