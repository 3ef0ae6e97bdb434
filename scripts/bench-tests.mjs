// npm run bench:tests — how long the test suite takes on this machine, against its targets
// (docs/testing.md): `npm test` on PGlite and on PostgreSQL (TEST_DATABASE_URL), `npm run test:e2e`,
// and the whole `.ci/run` on a fresh clone of HEAD, as CI runs it. Each step is a real run of the
// command; its wall time is printed with the machine it ran on. A failing step is reported and the
// script exits 1 (a time of a failing suite means nothing).
// Options: --only=pglite,postgres,e2e,ci (default: all four, in that order); --json.
// PostgreSQL: TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './build.mjs';

const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const json = args.includes('--json');
const postgresUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** What each step runs and how long it may take (minutes), from issue 22. */
const STEPS = [
  { name: 'pglite', label: 'npm test (PGlite)', targetMin: 5, cmd: 'npm', args: ['test'], env: { TEST_DATABASE_URL: '' } },
  { name: 'postgres', label: 'npm test (PostgreSQL)', targetMin: 5, cmd: 'npm', args: ['test'], env: { TEST_DATABASE_URL: postgresUrl } },
  { name: 'e2e', label: 'npm run test:e2e', targetMin: 4, cmd: 'npm', args: ['run', 'test:e2e'], env: { TEST_DATABASE_URL: postgresUrl } },
  { name: 'ci', label: '.ci/run (fresh clone)', targetMin: 12, fresh: true, cmd: '.ci/run', args: [], env: {} },
];

function run(step, cwd) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const env = { ...process.env, ...step.env };
    // an empty TEST_DATABASE_URL means PGlite: remove it rather than pass ''
    for (const [k, v] of Object.entries(step.env)) if (v === '') delete env[k];
    const child = spawn(step.cmd, step.args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const log = [];
    const keep = (chunk) => {
      log.push(chunk);
      if (log.length > 400) log.shift();
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('exit', (code) => resolve({ code, seconds: Number(process.hrtime.bigint() - started) / 1e9, tail: Buffer.concat(log).toString().split('\n').slice(-40).join('\n') }));
  });
}

/** A clone of HEAD with nothing beside it (no ../shared, no node_modules), as CI checks it out. */
async function freshClone() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-ci-clone-'));
  const code = await new Promise((resolve) => spawn('git', ['clone', '--quiet', '--no-hardlinks', root, path.join(dir, 'repo')], { stdio: 'inherit' }).on('exit', resolve));
  if (code !== 0) throw new Error('git clone falhou');
  return dir;
}

const machine = `${os.cpus().length} CPU (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
const fmt = (s) => `${Math.floor(s / 60)} min ${String(Math.round(s % 60)).padStart(2, '0')} s`;
const results = [];
let failed = false;
if (!json) console.log(`Máquina: ${machine}`);
for (const step of STEPS.filter((s) => !only || only.includes(s.name))) {
  const cloneDir = step.fresh ? await freshClone() : null;
  if (!json) process.stdout.write(`${step.label.padEnd(26)} `);
  const r = await run(step, cloneDir ? path.join(cloneDir, 'repo') : root);
  if (cloneDir) fs.rmSync(cloneDir, { recursive: true, force: true });
  const ok = r.code === 0;
  const withinTarget = r.seconds <= step.targetMin * 60;
  results.push({ step: step.name, label: step.label, seconds: Math.round(r.seconds), targetSeconds: step.targetMin * 60, ok, withinTarget });
  if (!ok) failed = true;
  if (!json) {
    console.log(`${fmt(r.seconds).padStart(12)}   meta ≤ ${step.targetMin} min   ${ok ? (withinTarget ? 'dentro da meta' : 'ACIMA DA META') : `FALHOU (código ${r.code})`}`);
    if (!ok) console.log(r.tail);
  }
}
if (json) console.log(JSON.stringify({ machine, date: new Date().toISOString(), results }, null, 2));
process.exit(failed ? 1 : 0);
