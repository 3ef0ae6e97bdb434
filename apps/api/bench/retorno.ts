// npm run bench:retorno -- --mb 500
// npm run bench:retorno -- --layout 400 --bank 341 --titles 1000000   (CNAB 400: Itaú 341 or Bradesco 237)
// npm run bench:retorno -- --apply 100000: the apply path against the scale dataset (retorno-apply.ts)
// Builds a synthetic retorno — CNAB 240 of that size from the fixtures' real detail pairs, or CNAB
// 400 of that many titles from the bank's real fixture details — then measures MB/s and peak RSS,
// each phase in a child process of its own: (a) the domain reader alone, through readRetorno /
// readRetornoChunks as the API's jobs read any layout (by chunk, as the preview job reads, and one
// title per await), (b) the preview through the API (upload over HTTP + the preview job; see
// retorno-api.ts; --sem-api skips it), and (c) for CNAB 240 the JS peer @banco-br/nodejs-cnab 0.2.0
// under a memory/time cap — at the largest size it can finish (--sem-par skips it).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { arg, buildSyntheticRetorno } from './cnab-bench-support.js';
import { bench400Bank, buildSyntheticRetorno400 } from './retorno-400-support.js';

if (process.argv.includes('--apply')) {
  // a mode of its own: applying liquidações to the scale dataset, not reading a file
  await import('./retorno-apply.js');
  process.exit(process.exitCode ?? 0);
}

type Result = { phase: string; titles: number; ms: number; bytes: number; peakRssMiB: number; [k: string]: unknown };

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const mb = Number(arg('mb', '500'));
const layout400 = arg('layout', '240') === '400';
const bank400 = arg('bank', '341');
const titles400 = Number(arg('titles', '100000'));
if (layout400) bench400Bank(bank400); // an unknown bank stops here, before any file is written
const withApi = !process.argv.includes('--sem-api');
const peerCapSeconds = Number(arg('peer-timeout', process.env.BENCH_PEER_TIMEOUT ?? '240'));
const peerHeapMiB = Number(arg('peer-heap', '4096'));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-bench-retorno-'));
const apiDir = path.join(root, '.tmp', `bench-retorno-${process.pid}`);

function child(cmd: string, args: string[], opts: { timeoutMs?: number } = {}): Promise<Result | { failed: string }> {
  return new Promise((resolve) => {
    const p = spawn(cmd, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.on('data', (c) => (out += c));
    p.stderr.on('data', (c) => (err += c));
    const timer = opts.timeoutMs ? setTimeout(() => p.kill('SIGKILL'), opts.timeoutMs) : null;
    p.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      const line = out.split('\n').find((l) => l.startsWith('BENCH '));
      if (line && code === 0) return resolve(JSON.parse(line.slice(6)) as Result);
      const why = signal === 'SIGKILL' ? `passou de ${opts.timeoutMs! / 1000} s` : /heap out of memory|Allocation failed|Invalid string length/i.test(err) ? 'sem memória' : `saiu com ${code ?? signal}: ${err.trim().split('\n').filter((l) => l.trim() && !l.includes('Node.js v')).slice(-3).join(' ')}`;
      resolve({ failed: why });
    });
  });
}

const mbs = (r: Result) => r.bytes / 1048576 / (r.ms / 1000);
const line = (label: string, r: Result) =>
  `${label.padEnd(34)} ${(r.bytes / 1048576).toFixed(0).padStart(5)} MiB  ${String(r.titles).padStart(9)} títulos  ${(r.ms / 1000).toFixed(1).padStart(7)} s  ${mbs(r).toFixed(1).padStart(7)} MB/s  pico RSS ${r.peakRssMiB.toFixed(0).padStart(5)} MiB`;

async function bundle(entry: string, outfile: string): Promise<void> {
  const esbuild = await import('esbuild');
  await esbuild.build({ entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'silent' });
}

/**
 * The API phase runs as production runs the app (`npm start`, scripts/build-api.mjs): one esbuild
 * bundle with the npm packages external and @bg/domain compiled in, the migrations beside it — not
 * the TypeScript sources under tsx, whose loader alone held ~80 MiB more. Written three levels below
 * the repository (.tmp/, ignored by git), where apps/api/dist/main.js is, so config.ts finds the same
 * root and the packages resolve from node_modules.
 */
/** The V8 flags `npm start` runs the server with (root package.json's start script), so (b) measures what production runs. */
function productionNodeFlags(): string[] {
  const start: string = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;
  const command = /node ((?:--[\w-]+(?:=\S+)? )*)scripts\/start\.mjs/.exec(start);
  return command ? command[1].trim().split(/\s+/).filter(Boolean) : [];
}

async function bundleApi(): Promise<string> {
  const esbuild = await import('esbuild');
  const out = path.join(apiDir, 'api');
  await esbuild.build({
    entryPoints: [path.join(here, 'retorno-api.ts')],
    outfile: path.join(out, 'retorno-api.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    keepNames: true,
    logLevel: 'silent',
    plugins: [
      {
        name: 'packages-external-except-workspace',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@bg/') || path.isAbsolute(args.path) ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
  fs.cpSync(path.join(root, 'apps/api/src/db/migrations'), path.join(out, 'migrations'), { recursive: true });
  return path.join(out, 'retorno-api.mjs');
}

async function file(sizeMb: number): Promise<string> {
  const p = path.join(dir, `retorno-${sizeMb}mb.ret`);
  if (!fs.existsSync(p)) await buildSyntheticRetorno(p, sizeMb);
  return p;
}

/** Phase (c), CNAB 240 only: the peer at the largest size it finishes, and the ratios against our reader and preview. */
async function comparePeer(reader: Result, api: Result | null, readFile: (f: string) => Promise<Result | { failed: string }>): Promise<void> {
  // the peer: probe 1 MiB for its pace, then the largest size expected to fit in the time cap
  const peer = (f: string) => child(process.execPath, [`--max-old-space-size=${peerHeapMiB}`, path.join(here, 'retorno-peer.cjs'), f], { timeoutMs: peerCapSeconds * 1000 });
  const probe = await peer(await file(1));
  if ('failed' in probe) throw new Error(`par: ${probe.failed}`);
  const ladder = [mb, 250, 100, 50, 25, 10, 5, 2, 1].filter((s) => s <= mb);
  let peerResult: Result = probe;
  for (const s of ladder) {
    if (s === 1) break;
    if ((s * probe.ms) / 1000 > peerCapSeconds * 0.8) {
      console.log(`    par: ${s} MiB não cabe em ${peerCapSeconds} s no ritmo medido (${mbs(probe).toFixed(2)} MB/s); tentando menor`);
      continue;
    }
    const r = await peer(await file(s));
    if ('failed' in r) {
      console.log(`    par: ${s} MiB ${r.failed}; tentando menor`);
      continue;
    }
    peerResult = r;
    break;
  }
  console.log(line('(c) @banco-br/nodejs-cnab 0.2.0', peerResult));
  const sameSize = peerResult.bytes === reader.bytes ? reader : await readFile(await file(Math.round(peerResult.bytes / 1048576)));
  if ('failed' in sameSize) throw new Error(`leitor: ${sameSize.failed}`);
  if (sameSize !== reader) console.log(line('(a) leitor do domínio, mesmo tamanho', sameSize));
  const speed = mbs(sameSize) / mbs(peerResult);
  const memory = peerResult.peakRssMiB / sameSize.peakRssMiB;
  console.log(`\nrazão no mesmo arquivo (${(peerResult.bytes / 1048576).toFixed(0)} MiB): leitor ${speed.toFixed(0)}× mais rápido, ${memory.toFixed(1)}× menos memória (pico RSS ${sameSize.peakRssMiB.toFixed(0)} vs ${peerResult.peakRssMiB.toFixed(0)} MiB) — meta ≥ 5× e ≤ 1/5: ${speed >= 5 && memory >= 5 ? 'atingida' : 'NÃO atingida'}`);
  if (api) console.log(`prévia pela API com ${mb} MiB vs par com ${(peerResult.bytes / 1048576).toFixed(0)} MiB: ${(mbs(api) / mbs(peerResult)).toFixed(0)}× mais rápida, pico RSS ${api.peakRssMiB.toFixed(0)} vs ${peerResult.peakRssMiB.toFixed(0)} MiB (${(peerResult.peakRssMiB / api.peakRssMiB).toFixed(1)}×)`);
  if (peerResult.bytes < reader.bytes) console.log(`o par não termina ${mb} MiB dentro de ${peerCapSeconds} s / ${peerHeapMiB} MiB de heap; maior tamanho concluído: ${(peerResult.bytes / 1048576).toFixed(0)} MiB`);
}

async function file400(): Promise<string> {
  const p = path.join(dir, `retorno-400-${bank400}-${titles400}.ret`);
  await buildSyntheticRetorno400(p, bank400, titles400);
  return p;
}

try {
  console.log(
    layout400
      ? `gerando retorno CNAB 400 sintético do banco ${bank400} com ${titles400} títulos (detalhes reais das fixtures, nossos números novos)…`
      : `gerando retorno sintético de ${mb} MiB (pares T/U reais das fixtures, nossos números novos)…`,
  );
  const main = layout400 ? await file400() : await file(mb);
  // the reader alone runs as plain JavaScript (bundled here by esbuild, which tsx brings): no
  // TypeScript loader in its memory; the API phase too, bundled as production bundles it
  const readerJs = path.join(dir, 'retorno-read.mjs');
  await bundle(path.join(here, 'retorno-read.ts'), readerJs);
  const readFile = (f: string) => child(process.execPath, [readerJs, f]);
  const reader = await readFile(main);
  if ('failed' in reader) throw new Error(`leitor: ${reader.failed}`);
  console.log(line('(a) leitor do domínio, por bloco', reader));
  const perTitle = await child(process.execPath, [readerJs, main, '--por-titulo']);
  if ('failed' in perTitle) throw new Error(`leitor: ${perTitle.failed}`);
  console.log(line('(a) leitor do domínio, por título', perTitle));
  let api: Result | null = null;
  if (withApi) {
    const r = await child(process.execPath, [...productionNodeFlags(), await bundleApi(), main, ...(layout400 ? [bank400] : [])]);
    if ('failed' in r) throw new Error(`API: ${r.failed}`);
    api = r;
    console.log(line(`(b) prévia pela API (${api.database})`, api));
    console.log(`    upload HTTP ${(api.uploadMs as number / 1000).toFixed(1)} s (${(api.bytes / 1048576 / ((api.uploadMs as number) / 1000)).toFixed(1)} MB/s), job de prévia ${((api.previewMs as number) / 1000).toFixed(1)} s (${(api.bytes / 1048576 / ((api.previewMs as number) / 1000)).toFixed(1)} MB/s); ${api.notFound} títulos procurados e não encontrados (sem boletos no banco)`);
  }
  if (layout400) {
    // the 240 reader's target (issue 11): ≥ 50 MB/s and peak RSS under 200 MB, reader and preview alike
    const meets = (r: Result) => mbs(r) >= 50 && r.peakRssMiB < 200;
    console.log(`\nmeta do leitor 240 (≥ 50 MB/s, pico RSS < 200 MB): leitor por bloco ${meets(reader) ? 'atingida' : 'NÃO atingida'}${api ? `, prévia pela API ${meets(api) ? 'atingida' : 'NÃO atingida'}` : ''}`);
    console.log('(c) o par @banco-br/nodejs-cnab é medido só com CNAB 240 (a comparação do leitor 240 está em docs/cnab.md)');
  } else if (!process.argv.includes('--sem-par')) {
    await comparePeer(reader, api, readFile);
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(apiDir, { recursive: true, force: true });
}
