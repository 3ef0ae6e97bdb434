// npm run bench:web — what the browser downloads (gzip) for each route of the web app: the entry
// chunk and its static imports, plus, behind the login, the lazy signed-in chunk (session guard,
// layout, route table), plus the route's own lazy page chunk and its static imports (read from the
// Vite manifest, build.manifest: true).
// Pages come from apps/web/src/app/route-table.tsx and router.tsx (`page(() => import(...), ...)`).
// Options: --dist=<folder> (default apps/web/dist, built first if missing or stale); --json.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build, root } from './build.mjs';

const args = process.argv.slice(2);
const distArg = args.find((a) => a.startsWith('--dist='))?.slice('--dist='.length);
const dist = path.resolve(distArg ?? path.join(root, 'apps/web/dist'));
if (!distArg) build({ only: ['web'], ifStale: true });
const LOGIN_BUDGET_KB = 200;

const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const web = path.join(root, 'apps/web');

/** gzip bytes of a built file: its .gz twin when the build wrote one (files ≥ 1 KB), else computed. */
function gzipBytes(file) {
  const full = path.join(dist, file);
  return fs.existsSync(`${full}.gz`) ? fs.statSync(`${full}.gz`).size : zlib.gzipSync(fs.readFileSync(full), { level: 9 }).length;
}

/** A manifest key and everything it statically imports (not its dynamic imports). */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

function filesOf(keys) {
  const js = new Set();
  const css = new Set();
  for (const key of keys) {
    js.add(manifest[key].file);
    for (const c of manifest[key].css ?? []) css.add(c);
  }
  return { js, css };
}

/** `const X = page(() => import('<path>'), 'X')` in a source file → { X: manifest key }. */
function lazyPages(sourceFile) {
  const text = fs.readFileSync(sourceFile, 'utf8');
  const pages = {};
  for (const m of text.matchAll(/^const (\w+) = page\(\(\) => import\('([^']+)'\)/gm)) {
    const base = path.relative(web, path.resolve(path.dirname(sourceFile), m[2])).split(path.sep).join('/');
    const key = [`${base}.tsx`, `${base}.ts`, base].find((k) => manifest[k]);
    if (!key) throw new Error(`${m[2]} não está no manifesto do Vite`);
    pages[m[1]] = key;
  }
  return pages;
}

const routeTable = path.join(web, 'src/app/route-table.tsx');
const routerFile = path.join(web, 'src/app/router.tsx');
const pages = { ...lazyPages(routeTable), ...lazyPages(routerFile) };
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const entry = closure(entryKey);

// routes: the public ones of router.tsx, then every logged-in route of the route table
const routes = [
  { path: '/login', page: 'LoginPage', signedIn: false },
  { path: '/assinatura/:token', page: 'AssinaturaPage', signedIn: false },
  ...[...fs.readFileSync(routeTable, 'utf8').matchAll(/\{ path: '([^']+)'.*?element: (?:<(\w+)|(\w+))/g)].map((m) => ({
    path: m[1],
    page: m[2] ?? null, // `maintenance`: the notice, part of the signed-in chunk
    signedIn: true,
  })),
  { path: '(não encontrada)', page: null, signedIn: true },
];

const rows = routes.map((route) => {
  const keys = new Set(entry);
  if (route.signedIn) closure(pages.SignedInRoutes, keys);
  if (route.page) closure(pages[route.page], keys);
  const { js, css } = filesOf(keys);
  const sum = (files) => [...files].reduce((total, f) => total + gzipBytes(f), 0);
  return { route: route.path, page: route.page ?? (route.path.startsWith('/') ? 'Maintenance' : 'NotFoundPage'), jsGzip: sum(js), cssGzip: sum(css), chunks: js.size };
});

const allJs = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const totalJsGzip = allJs.reduce((t, f) => t + gzipBytes(`assets/${f}`), 0);
const totalJsRaw = allJs.reduce((t, f) => t + fs.statSync(path.join(dist, 'assets', f)).size, 0);
const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(6);

if (args.includes('--json')) {
  console.log(JSON.stringify({ routes: rows, totalJsGzip, totalJsRaw, jsFiles: allJs.length }, null, 2));
} else {
  console.log(`Por rota (gzip, KB), de ${path.relative(process.cwd(), dist) || dist}:`);
  console.log(`${'rota'.padEnd(52)}    JS    CSS  chunks  página`);
  for (const r of rows) console.log(`${r.route.padEnd(52)}${kb(r.jsGzip)} ${kb(r.cssGzip)}  ${String(r.chunks).padStart(6)}  ${r.page}`);
  console.log(`\nTodo o JS: ${allJs.length} arquivos, ${kb(totalJsRaw)} KB (${kb(totalJsGzip).trim()} KB gzip)`);
  const login = rows[0];
  const verdict = login.jsGzip / 1024 < LOGIN_BUDGET_KB ? 'ok' : 'ACIMA DA META';
  console.log(`/login: ${kb(login.jsGzip).trim()} KB de JS gzip (meta < ${LOGIN_BUDGET_KB} KB: ${verdict})`);
}
