// npm start: build the web app and the API if missing or older than their sources, then run the
// compiled server (apps/api/dist/main.js) in this very process: no tsx and no child of ours to
// orphan. The server migrates, seeds an empty database, serves the app on http://localhost:$PORT
// and stops gracefully on SIGTERM/SIGINT.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, root } from './build.mjs';

try {
  // WEB_DIST names a web app built elsewhere: then only the API is ours to build
  build({ ifStale: true, only: process.env.WEB_DIST ? ['api'] : undefined });
} catch (err) {
  console.error(`Não foi possível iniciar: ${err.message}; veja as mensagens acima e rode npm run build.`);
  process.exit(1);
}

// The npm script `exec`s us, so npm's SIGTERM/SIGINT reach this process (under a plain `sh -c`
// npm would signal the shell, which dies or waits without passing it on). Should our parent still
// go away — npm killed with SIGKILL, a shell that did not exec — we stop as if signalled: never an
// orphan server holding the port and DATA_DIR.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
}, 250).unref();

await import(pathToFileURL(path.join(root, 'apps/api/dist/main.js')).href);
