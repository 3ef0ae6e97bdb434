// npm run dev: the API in watch mode on API_PORT (default 3000) and Vite with hot reload on 5173,
// which forwards /api to the API.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const apiPort = process.env.API_PORT ?? '3000';
const children = [
  spawn(bin('tsx'), ['watch', path.join(root, 'apps/api/src/main.ts')], { cwd: root, stdio: 'inherit', env: { ...process.env, PORT: apiPort } }),
  spawn(bin('vite'), [], { cwd: path.join(root, 'apps/web'), stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
console.log(`Desenvolvimento: http://localhost:5173 (API em http://localhost:${apiPort})`);
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => { stop(); process.exit(code ?? 0); });
