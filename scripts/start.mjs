// npm start: build the web app if it has not been built (or its sources changed), then run the API,
// which migrates, seeds an empty database and serves the app on http://localhost:$PORT.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [path.join(root, 'apps/web/src'), path.join(root, 'packages/domain/src')];
const stale = !fs.existsSync(dist) || sources.some((dir) => newestMtime(dir) > fs.statSync(dist).mtimeMs);
if (stale) {
  console.log('Construindo o aplicativo web (vite build)...');
  const built = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const tsx = path.join(root, 'node_modules/.bin/tsx');
const api = spawn(tsx, [path.join(root, 'apps/api/src/main.ts')], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code) => process.exit(code ?? 0));
