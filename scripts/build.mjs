// npm run build: the web app (Vite → apps/web/dist) and the API (esbuild → apps/api/dist).
//   node scripts/build.mjs            both, always
//   node scripts/build.mjs --if-stale only what is missing or older than its sources (npm start)
//   node scripts/build.mjs web|api    one of them
// Each build runs in a child process, so nothing of Vite or esbuild stays in the caller's memory.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (p) => path.join(root, p);

/** What each build reads and what proves it was built (compared by modification time). */
const targets = {
  web: {
    label: 'aplicativo web (vite build)',
    output: at('apps/web/dist/index.html'),
    // package-lock.json: a dependency updated by npm install changes what gets bundled
    sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/vite-plugins', 'apps/web/package.json', 'packages/domain/src', 'package-lock.json', 'scripts/build.mjs'],
    command: () => {
      // vite's "exports" hide bin/: find the package folder, then its declared bin
      const pkg = createRequire(at('apps/web/package.json')).resolve('vite/package.json');
      const vite = path.join(path.dirname(pkg), JSON.parse(fs.readFileSync(pkg, 'utf8')).bin.vite);
      return { args: [vite, 'build'], cwd: at('apps/web') };
    },
  },
  api: {
    label: 'API (esbuild)',
    output: at('apps/api/dist/main.js'),
    sources: ['apps/api/src', 'apps/api/package.json', 'packages/domain/src', 'scripts/build-api.mjs', 'scripts/build.mjs'],
    command: () => ({ args: [at('scripts/build-api.mjs')], cwd: root }),
  },
};

function newestMtime(file) {
  if (!fs.existsSync(file)) return 0;
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file changes its folder's time
  for (const entry of fs.readdirSync(file, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(file, entry.name)));
  }
  return newest;
}

export function isStale(name) {
  const { output, sources } = targets[name];
  if (!fs.existsSync(output)) return true;
  const built = fs.statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(at(source)) > built);
}

/** Builds the named targets (all when none), only the stale ones when ifStale; throws on failure. */
export function build({ only = Object.keys(targets), ifStale = false } = {}) {
  for (const name of only) {
    if (ifStale && !isStale(name)) continue;
    const target = targets[name];
    console.log(`Construindo ${target.label}...`);
    const { args, cwd } = target.command();
    const result = spawnSync(process.execPath, args, { cwd, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`a construção do ${target.label} falhou (código ${result.status ?? result.signal})`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const only = args.filter((a) => a in targets);
  try {
    build({ only: only.length ? only : undefined, ifStale: args.includes('--if-stale') });
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
