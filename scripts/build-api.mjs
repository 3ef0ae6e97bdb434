// Builds the API for production: one ESM bundle apps/api/dist/main.js (plus pglite-initdb.js, the
// child process that creates a new PGlite data directory) with esbuild. npm packages stay external
// and load from node_modules at run time; @bg/domain exports TypeScript source, so it is bundled.
// The SQL migrations are read at run time beside main.js: they are copied to dist/migrations.
// docs/decisions/009-production-build-and-startup.md
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const api = path.join(root, 'apps/api');
const dist = path.join(api, 'dist');

/** Bare imports (npm packages) stay imports; our workspace packages (@bg/*) are compiled in. */
const packagesExternal = {
  name: 'packages-external-except-workspace',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@bg/') || path.isAbsolute(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const started = Date.now();
// built aside (node_modules/.cache: ignored by git, same disk) and swapped in whole: a server
// starting from dist never sees half a build
const cache = path.join(root, 'node_modules/.cache');
fs.mkdirSync(cache, { recursive: true });
const next = path.join(cache, `bg-api-dist-${process.pid}`);
fs.rmSync(next, { recursive: true, force: true });
await esbuild.build({
  entryPoints: {
    main: path.join(api, 'src/main.ts'),
    'pglite-initdb': path.join(api, 'src/db/pglite-initdb.ts'),
  },
  outdir: next,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  // error names and Fastify plugin names stay readable in logs
  keepNames: true,
  logLevel: 'warning',
  plugins: [packagesExternal],
});
fs.cpSync(path.join(api, 'src/db/migrations'), path.join(next, 'migrations'), { recursive: true });
const old = path.join(cache, `bg-api-dist-old-${process.pid}`);
if (fs.existsSync(dist)) fs.renameSync(dist, old);
fs.renameSync(next, dist);
fs.rmSync(old, { recursive: true, force: true });
const size = fs.statSync(path.join(dist, 'main.js')).size;
console.log(`API construída em apps/api/dist (main.js ${Math.round(size / 1024)} KB, ${Date.now() - started} ms)`);
