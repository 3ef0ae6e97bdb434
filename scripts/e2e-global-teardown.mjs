// Playwright globalTeardown, the second line of defence for this run's PostgreSQL database.
// Playwright runs it before it stops the web server; while scripts/e2e-server.mjs is alive it will
// drop the database itself on the SIGTERM that follows, so this acts only when that server is
// already gone (it crashed). Anything left after that is dropped by the next run's start.
import fs from 'node:fs';
import { dropE2eDatabase, isRunning, serverPidFile } from './e2e-databases.mjs';

export default async function globalTeardown() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const name = process.env.E2E_DB_NAME;
  if (!serverUrl || !name) return;
  const pidFile = serverPidFile(name);
  const serverPid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8')) : 0;
  if (serverPid && isRunning(serverPid)) return;
  await dropE2eDatabase(serverUrl, name).catch((err) => console.error(`e2e: não foi possível remover ${name}: ${err.message}`));
  fs.rmSync(pidFile, { force: true });
}
