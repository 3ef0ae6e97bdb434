import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { startBounceListener, type BounceListener } from './inbound/bounce-listener.js';
import { clockStartingAt } from './shared/clock.js';
import { loadConfig, type Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { lockDataDir, type DataDirLock } from './db/data-dir-lock.js';
import { migrate } from './db/migrate.js';
import { provisionContaFromConfig } from './modules/conta-cobranca/active-conta-cobranca.js';
import { DEMO_LOGINS, seedIfEmpty } from './seed/index.js';
import { configureDemoBank, provisionBbConta } from './modules/banco/demo-bank.js';
import { MIN_FREE_DISK_BYTES, lowDiskSpace } from './modules/system/disk-space.js';
import { dataDirNotWritable, diskFull, isDiskFullError, listenError, postgresError, StartupError, startupErrorLine } from './startup-errors.js';

/**
 * npm start (built to apps/api/dist/main.js) and npm run dev (tsx): read the configuration, check
 * the port, lock DATA_DIR, open the database (PGlite in DATA_DIR or DATABASE_URL), migrate, build
 * the app, seed, listen. A failure the operator can fix (a variable's value included) is one
 * sentence on stderr and exit code 1; SIGTERM/SIGINT stop gracefully.
 * docs/decisions/009-production-build-and-startup.md.
 */

/** SIGTERM → exit: in-flight requests finish, the database closes, the lock goes; 10 s at most. */
const SHUTDOWN_LIMIT_MS = 9_000;

const opened: { config?: Config; lock?: DataDirLock; database?: Database; app?: FastifyInstance; bounces?: BounceListener } = {};
let stopping = false;

async function closeAll(): Promise<void> {
  await opened.bounces?.close().catch(() => undefined);
  await opened.app?.close().catch(() => undefined);
  await opened.database?.close().catch(() => undefined);
  opened.lock?.release();
}

async function shutdown(signal: NodeJS.Signals): Promise<void> {
  // npm forwards the terminal's Ctrl-C too: the second signal is the same request
  if (stopping) return;
  stopping = true;
  opened.app?.log.info(`${signal}: encerrando`);
  setTimeout(() => {
    process.stderr.write(`O servidor não encerrou em ${SHUTDOWN_LIMIT_MS / 1000} s; saindo mesmo assim.\n`);
    opened.lock?.release();
    process.exit(1);
  }, SHUTDOWN_LIMIT_MS).unref();
  await closeAll();
  process.exit(0);
}

/** Fails before any slow step (initdb, seed) when the port is taken or the host is not ours. */
async function checkPortIsFree(config: Config): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (err) => reject(listenError(err, config.host, config.port) ?? err));
    probe.listen({ port: config.port, host: config.host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

function checkStorageWritable(config: Config): void {
  try {
    fs.mkdirSync(config.storageDir, { recursive: true });
    fs.accessSync(config.storageDir, fs.constants.W_OK);
  } catch {
    const insideDataDir = !path.relative(config.dataDir, config.storageDir).startsWith('..');
    throw insideDataDir ? dataDirNotWritable(config.dataDir) : dataDirNotWritable(config.storageDir, 'STORAGE_DIR');
  }
}

/** PGlite needs room to write its WAL and checkpoints: a nearly full DATA_DIR disk stops the start before it opens. */
async function checkDiskSpace(config: Config): Promise<void> {
  if (config.databaseUrl) return;
  const low = await lowDiskSpace(config.dataDir);
  if (low) throw diskFull(config.dataDir, low.freeBytes, MIN_FREE_DISK_BYTES);
}

/** A start that failed while writing on a full disk (initdb, migrations, the seed) says so in one sentence. */
async function diskFullInstead(err: unknown): Promise<unknown> {
  const config = opened.config;
  if (!config || config.databaseUrl || err instanceof StartupError) return err;
  const low = await lowDiskSpace(config.dataDir).catch(() => null);
  if (low) return diskFull(config.dataDir, low.freeBytes, MIN_FREE_DISK_BYTES);
  return isDiskFullError(err) ? diskFull(config.dataDir, 0, MIN_FREE_DISK_BYTES) : err;
}

async function openConfiguredDatabase(config: Config): Promise<Database> {
  if (!config.databaseUrl) return openDatabase({ databaseUrl: null, dataDir: config.dataDir });
  try {
    return await openDatabase({ databaseUrl: config.databaseUrl, dataDir: null });
  } catch (err) {
    throw postgresError(err, config.databaseUrl) ?? err;
  }
}

function listeningLines(config: Config): string[] {
  const url = `http://${config.host === '127.0.0.1' || config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  const where =
    config.host === '127.0.0.1' && !config.hostFromEnv
      ? 'Ouvindo só em 127.0.0.1 (dados de demonstração): outras máquinas não acessam; para expor, veja "Exposing the server" no README (HOST=0.0.0.0, JWT_SECRET, COOKIE_SECURE).'
      : config.host === '0.0.0.0'
        ? 'Ouvindo em 0.0.0.0 (todas as interfaces de rede).'
        : `Ouvindo em ${config.host}.`;
  return [`Boleto Garantido pronto em ${url}`, where];
}

async function main(): Promise<void> {
  const config = (opened.config = loadConfig());
  await checkPortIsFree(config);
  await checkDiskSpace(config);
  // before PGlite opens a file: a second server on the same DATA_DIR would corrupt it
  if (!config.databaseUrl) opened.lock = lockDataDir(config.dataDir);
  checkStorageWritable(config);
  const database = (opened.database = await openConfiguredDatabase(config));
  const applied = await migrate(database);
  await provisionContaFromConfig(database.db, config.contaCobranca);
  // built before the seed, which writes the demo's files to the app's own storage; nothing runs until listen
  const app = (opened.app = await buildApp({ database, config, clock: config.clockStart ? clockStartingAt(config.clockStart) : undefined }));
  const seed = await seedIfEmpty(database.db, config.seed, config.adminPassword, app.services.storage);
  // banks by API (docs/banks.md): the BB_* conta, and the demo conta on the in-process sandbox
  const bankLines = [
    await provisionBbConta(database.db, app.services.bank, config.bank.bb, { mode: config.bank.mode, port: config.port }),
    seed.seeded === 'demo' ? await configureDemoBank(database.db, app.services.bank, { mode: config.bank.mode, sandbox: config.bank.sandbox, port: config.port }) : null,
  ].filter((l): l is string => l !== null);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    throw listenError(err, config.host, config.port) ?? err;
  }
  // late e-mail bounces (docs/messaging.md "Bounces"): only with SMTP_BOUNCE_DOMAIN and BOUNCE_SMTP_PORT
  const bounce = config.messaging.bounce;
  if (bounce?.port && app.services.verp) {
    try {
      opened.bounces = await startBounceListener({ db: database.db, verp: app.services.verp, host: bounce.host, port: bounce.port, now: () => app.services.clock.now(), log: app.log });
    } catch (err) {
      // its own sentence: listenError's would name PORT and HOST
      const code = (err as { code?: string }).code ?? (err instanceof Error ? err.message : String(err));
      throw new StartupError(`Não foi possível iniciar: o servidor de devoluções de e-mail não abriu ${bounce.host}:${bounce.port} (${code}); escolha outra BOUNCE_SMTP_PORT ou BOUNCE_SMTP_HOST.`);
    }
    bankLines.push(`Devoluções de e-mail (bounces): SMTP em ${bounce.host}:${opened.bounces.port} para bounces+…@${bounce.domain}`);
  }

  const dbWhere = database.kind === 'pglite' ? `PGlite em ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  const lines = [
    '',
    ...listeningLines(config),
    `Banco de dados: ${dbWhere}${applied.length ? ` — migrações aplicadas: ${applied.join(', ')}` : ''}`,
    `Documentação da API: http://localhost:${config.port}/api/docs`,
    ...bankLines,
  ];
  if (seed.seeded === 'skipped') {
    lines.push(`Banco já inicializado. Acessos de demonstração (se criado com SEED=demo): ${DEMO_LOGINS.map((l) => `${l.login} / ${l.password}`).join(', ')}`);
  } else {
    lines.push(seed.seeded === 'demo' ? 'Dados de demonstração criados. Acessos:' : 'Banco vazio criado (SEED=none). Acesso:');
    for (const l of seed.lines) lines.push(`  ${l}`);
  }
  console.log(lines.join('\n') + '\n');
}

process.on('SIGINT', (signal) => void shutdown(signal));
process.on('SIGTERM', (signal) => void shutdown(signal));

main().catch(async (err: unknown) => {
  if (stopping) return; // a signal during start-up: shutdown() is closing what was opened
  stopping = true;
  await closeAll();
  process.stderr.write(`${startupErrorLine(await diskFullInstead(err))}\n`);
  // the whole error only when asked for (LOG_LEVEL=debug or trace)
  const level = opened.config?.logLevel;
  if (level === 'debug' || level === 'trace') console.error(err);
  process.exit(1);
});
