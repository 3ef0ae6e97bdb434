// npm run bench:web — what the browser downloads (gzip) for each route of the web app: the entry
// chunk and its static imports, plus, behind the login, the lazy signed-in chunk (session guard,
// layout, route table), plus the route's own lazy page chunk and its static imports (read from the
// Vite manifest, build.manifest: true).
// Pages come from apps/web/src/app/route-table.tsx and router.tsx (`page(() => import(...), ...)`).
// Then a Lighthouse run (performance category) on /login in Debian's Chromium, against the built
// production server (apps/api/dist/main.js as `npm start` runs it, on a throwaway PGlite under the
// system's temporary folder): Lighthouse's default (mobile: Moto G Power, simulated slow 4G and 4×
// CPU) and its desktop preset, the median of --runs each. docs/performance.md.
// Options: --dist=<folder> (default apps/web/dist, built first if missing or stale); --json;
// --runs=N (Lighthouse runs per preset, default 3); --no-lighthouse; CHROMIUM=/path (default /usr/bin/chromium).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { build, root } from './build.mjs';

const args = process.argv.slice(2);
const distArg = args.find((a) => a.startsWith('--dist='))?.slice('--dist='.length);
const dist = path.resolve(distArg ?? path.join(root, 'apps/web/dist'));
const lighthouseWanted = !args.includes('--no-lighthouse');
if (!distArg) build({ only: lighthouseWanted ? ['web', 'api'] : ['web'], ifStale: true });
const LOGIN_BUDGET_KB = 200;
const PERFORMANCE_TARGET = 95;
const runs = Math.max(1, Number(args.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 3));

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
  // the login page is part of the entry chunk (router.tsx, decision 096): nothing more to add
  { path: '/login', page: pages.LoginPage ? 'LoginPage' : null, name: 'LoginPage', signedIn: false },
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
  return { route: route.path, page: route.name ?? route.page ?? (route.path.startsWith('/') ? 'Maintenance' : 'NotFoundPage'), jsGzip: sum(js), cssGzip: sum(css), chunks: js.size };
});

const allJs = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const totalJsGzip = allJs.reduce((t, f) => t + gzipBytes(`assets/${f}`), 0);
const totalJsRaw = allJs.reduce((t, f) => t + fs.statSync(path.join(dist, 'assets', f)).size, 0);
const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(6);

// Lighthouse's audits shown per preset (numericValue: ms, CLS unitless)
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];

if (args.includes('--json')) {
  const lighthouse = lighthouseWanted ? await lighthouseOfLogin() : null;
  console.log(JSON.stringify({ routes: rows, totalJsGzip, totalJsRaw, jsFiles: allJs.length, lighthouse }, null, 2));
} else {
  console.log(`Por rota (gzip, KB), de ${path.relative(process.cwd(), dist) || dist}:`);
  console.log(`${'rota'.padEnd(52)}    JS    CSS  chunks  página`);
  for (const r of rows) console.log(`${r.route.padEnd(52)}${kb(r.jsGzip)} ${kb(r.cssGzip)}  ${String(r.chunks).padStart(6)}  ${r.page}`);
  console.log(`\nTodo o JS: ${allJs.length} arquivos, ${kb(totalJsRaw)} KB (${kb(totalJsGzip).trim()} KB gzip)`);
  const login = rows[0];
  const verdict = login.jsGzip / 1024 < LOGIN_BUDGET_KB ? 'ok' : 'ACIMA DA META';
  console.log(`/login: ${kb(login.jsGzip).trim()} KB de JS gzip (meta < ${LOGIN_BUDGET_KB} KB: ${verdict})`);
  if (lighthouseWanted) printLighthouse(await lighthouseOfLogin());
}

// ---- Lighthouse on /login -------------------------------------------------------------------

async function lighthouseOfLogin() {
  const { default: run, desktopConfig } = await import('lighthouse');
  const server = await startServer();
  const chrome = await startChromium().catch(async (err) => {
    await server.stop();
    throw err;
  });
  try {
    const url = `${server.url}/login`;
    const presets = [
      { name: 'mobile (padrão do Lighthouse)', config: undefined },
      { name: 'desktop (--preset=desktop)', config: desktopConfig },
    ];
    const results = [];
    for (const preset of presets) {
      const samples = [];
      for (let i = 0; i < runs; i++) {
        const result = await run(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, preset.config);
        const lhr = result?.lhr;
        if (!lhr) throw new Error('o Lighthouse não devolveu resultado');
        if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        samples.push({
          score: Math.round((lhr.categories.performance.score ?? 0) * 100),
          metrics: Object.fromEntries(METRICS.map(([id]) => [id, lhr.audits[id]?.numericValue ?? NaN])),
          version: lhr.lighthouseVersion,
          userAgent: lhr.environment.hostUserAgent,
        });
      }
      results.push({ preset: preset.name, samples });
    }
    return { url: '/login', runs, results };
  } finally {
    await chrome.stop();
    await server.stop();
  }
}

function printLighthouse({ runs: n, results }) {
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  const first = results[0].samples[0];
  console.log(`\nLighthouse ${first.version} em ${first.userAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? 'Chromium'} — /login, categoria performance, mediana de ${n} execuções`);
  console.log(`${'perfil'.padEnd(32)} nota  ${METRICS.map(([, label]) => label.padStart(8)).join('')}   (ms; CLS sem unidade)`);
  for (const { preset, samples } of results) {
    const score = median(samples.map((s) => s.score));
    const cells = METRICS.map(([id]) => {
      const v = median(samples.map((s) => s.metrics[id]));
      return (id === 'cumulative-layout-shift' ? v.toFixed(3) : Math.round(v).toString()).padStart(8);
    });
    const all = samples.map((s) => s.score).join(', ');
    console.log(`${preset.padEnd(32)} ${String(score).padStart(4)}  ${cells.join('')}   notas: ${all} (meta ≥ ${PERFORMANCE_TARGET}: ${score >= PERFORMANCE_TARGET ? 'ok' : 'ABAIXO'})`);
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The built server on a free port over a fresh PGlite in a temporary folder (removed on stop). */
async function startServer() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-bench-web-'));
  const port = await freePort();
  const env = { ...process.env, DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', SEED: 'none', ADMIN_PASSWORD: randomBytes(12).toString('hex'), JOBS: 'off', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.STORAGE_DIR;
  const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/main.js')], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`o servidor saiu (${child.exitCode}): ${stderr.trim()}`);
    }
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (ok) return { url, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`o servidor não respondeu em 120 s: ${stderr.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Debian's Chromium, headless, with its DevTools port for Lighthouse (never a downloaded browser). */
async function startChromium() {
  const executable = process.env.CHROMIUM || '/usr/bin/chromium';
  if (!fs.existsSync(executable)) throw new Error(`${executable} não existe: apt-get install chromium (ou --no-lighthouse)`);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-bench-chromium-'));
  const flags = [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
    '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank',
  ];
  const child = spawn(executable, flags, { stdio: ['ignore', 'ignore', 'pipe'] });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    fs.rmSync(profile, { recursive: true, force: true });
  };
  const port = await new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`o Chromium não abriu a porta de depuração em 30 s: ${text.trim()}`)), 30_000);
    child.stderr.on('data', (c) => {
      text += c;
      const m = text.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`o Chromium saiu (${code}): ${text.trim()}`));
    });
  }).catch(async (err) => {
    await stop();
    throw err;
  });
  return { port, stop };
}
