// Names and clean-up of the PostgreSQL databases of browser-test runs (scripts/e2e-server.mjs,
// playwright.config.ts). A name records when, by which Playwright runner (pid) and on which machine
// the run started — bg_e2e_<ms>_<pid>_<host> — so a later run can tell a crashed run's leftover
// from a run still going on (another terminal, another engineer on the same server).
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const HOST = crypto.createHash('sha1').update(os.hostname()).digest('hex').slice(0, 6);
const NAME = /^bg_e2e_(\d+)(?:_(\d+)_([0-9a-f]{6}))?$/;
/** No run lasts this long: older databases are leftovers wherever they came from. */
const MAX_AGE_MS = 24 * 3600_000;
/** Names without a pid (older scripts): kept this long in case their run is still going on. */
const UNNAMED_GRACE_MS = 2 * 3600_000;

export function e2eDatabaseName(runnerPid) {
  return `bg_e2e_${Date.now()}_${runnerPid}_${HOST}`;
}

/** Where scripts/e2e-server.mjs says it is alive (and so will drop `name` when it stops). */
export function serverPidFile(name) {
  return path.join(os.tmpdir(), `${name}.e2e-server.pid`);
}

export function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

function isStale(name, now = Date.now()) {
  const m = NAME.exec(name);
  if (!m) return false;
  const age = now - Number(m[1]);
  if (age > MAX_AGE_MS) return true;
  if (!m[2]) return age > UNNAMED_GRACE_MS;
  return m[3] === HOST && !isRunning(Number(m[2]));
}

/** Drops the e2e databases of runs that are over (never `keep`); answers their names. */
export async function dropStaleE2eDatabases(client, keep) {
  const { rows } = await client.query(`SELECT datname FROM pg_database WHERE datname LIKE 'bg\\_e2e\\_%'`);
  const stale = rows.map((r) => r.datname).filter((name) => name !== keep && isStale(name));
  for (const name of stale) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  return stale;
}

export async function dropE2eDatabase(serverUrl, name) {
  if (!NAME.test(name)) throw new Error(`not an e2e database name: ${name}`);
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
