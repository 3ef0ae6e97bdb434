import { randomBytes } from 'node:crypto';

/**
 * Names of the PostgreSQL databases a test run makes: `bgt_<run>_…`, where <run> starts with the
 * run's start time in base 36, so the next run can tell a crashed run's leftovers (older than
 * STALE_AFTER_MS) from a run still going on the same server.
 */
const PREFIX = 'bgt_';
const STALE_AFTER_MS = 6 * 3600_000;

export function newRunId(now = Date.now()): string {
  return `${now.toString(36)}${randomBytes(3).toString('hex')}`;
}

export function templateDatabaseName(runId: string): string {
  return `${PREFIX}${runId}_template`;
}

export function sharedDatabaseName(runId: string): string {
  return `${PREFIX}${runId}_shared`;
}

export function testDatabaseName(runId: string): string {
  return `${PREFIX}${runId}_${randomBytes(5).toString('hex')}`;
}

/** The LIKE pattern of every database of one run. */
export function runDatabasePattern(runId: string): string {
  return `${PREFIX}${runId}\\_%`;
}

/** Whether a database name belongs to a run that started more than STALE_AFTER_MS before `now`. */
export function isStaleTestDatabase(name: string, now = Date.now()): boolean {
  const match = /^bgt_([0-9a-z]+?)[0-9a-f]{6}_/.exec(name);
  if (!match) return false;
  const started = parseInt(match[1]!, 36);
  return Number.isFinite(started) && now - started > STALE_AFTER_MS;
}

export function databaseUrlFor(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
