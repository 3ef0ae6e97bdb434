// npm run bench:retorno -- --apply 100000   (bench/retorno.ts hands this mode to this file)
// Applies a retorno of that many liquidações to boletos of the scale dataset (npm run seed:scale)
// through the real apply path — applyRetorno, the job cnab.retorno-aplicar's handler: per batch the
// boletos locked, each line in retorno_item, the situação changed with its history and audit, the
// liquidação posted to the ledger — and prints títulos/s and the peak RSS of this process.
//
// It never touches the dataset itself: on PostgreSQL (DATABASE_URL) it works on a copy made with
// CREATE DATABASE … TEMPLATE (nobody else may be connected to the dataset meanwhile), dropped at the
// end (--keep keeps it); on PGlite (DATA_DIR) on a copy of the data directory. The boletos are the
// first N that the bank can still liquidate (GARANTIDO, DISPONÍVEL, ENVIADO PARA REGISTRO, QUITADO),
// paid at their value plus juros for one in three, with a fee of R$ 1,50, credited the next day.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { CNAB_LINE_END, cnabAccountFromConta, todayInSaoPaulo, toCents, writeRetorno240Lines, type RetornoTitleInput } from '@bg/domain';
import { localFileStorage } from '../src/adapters/storage/file-storage.js';
import { loadConfig } from '../src/config.js';
import { openPglite, openPostgres, type Database } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { arg } from './cnab-bench-support.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const total = Number(arg('apply', '100000'));
const keep = process.argv.includes('--keep');
const config = loadConfig();
const copyName = `bg_bench_apply_${Date.now()}_${randomBytes(3).toString('hex')}`;
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-bench-apply-'));

type Row = Record<string, unknown>;
const rows = async <T = Row>(database: Database, q: ReturnType<typeof sql>): Promise<T[]> => ((await database.db.execute(q)) as { rows: T[] }).rows;

async function adminQuery(url: string, statement: string): Promise<void> {
  const u = new URL(url);
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A copy of the dataset to apply to: the run changes 100 k boletos and posts their money. */
async function openCopy(): Promise<{ database: Database; target: string; where: string; drop(): Promise<void> }> {
  if (config.databaseUrl) {
    const source = new URL(config.databaseUrl).pathname.slice(1);
    const started = performance.now();
    await adminQuery(config.databaseUrl, `CREATE DATABASE ${copyName} TEMPLATE ${source}`);
    process.stderr.write(`cópia ${copyName} de ${source} em ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    // BENCH_AUTO_EXPLAIN=<ms>: every statement of the copy slower than that goes to the server's log
    // with its plan, row counts and trigger times (auto_explain; set on the copy only, whose settings
    // the child's connections take at start) — where a batch's time goes inside PostgreSQL
    if (process.env.BENCH_AUTO_EXPLAIN) {
      for (const setting of ['session_preload_libraries = auto_explain', `auto_explain.log_min_duration = ${Number(process.env.BENCH_AUTO_EXPLAIN)}`, 'auto_explain.log_analyze = on', 'auto_explain.log_triggers = on', 'auto_explain.log_timing = on']) {
        await adminQuery(config.databaseUrl, `ALTER DATABASE ${copyName} SET ${setting}`);
      }
    }
    const u = new URL(config.databaseUrl);
    u.pathname = `/${copyName}`;
    const copy = {
      database: await openPostgres(u.toString()),
      target: u.toString(),
      where: 'PostgreSQL',
      drop: async () => {
        await copy.database.close();
        if (!keep) await adminQuery(config.databaseUrl!, `DROP DATABASE IF EXISTS ${copyName} WITH (FORCE)`);
      },
    };
    return copy;
  }
  const dir = path.join(workDir, 'pgdata');
  const started = performance.now();
  fs.cpSync(config.dataDir, dir, { recursive: true, filter: (f) => !f.endsWith('server.lock') });
  process.stderr.write(`cópia de ${config.dataDir} em ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  const copy = { database: await openPglite(dir), target: dir, where: 'PGlite', drop: () => copy.database.close() };
  return copy;
}

/** The retorno file: one liquidação (movement 06) per boleto, written by the domain's CNAB writer. */
async function writeFile(file: string, conta: Parameters<typeof cnabAccountFromConta>[0], boletos: { nosso_numero: string; valor: string; vencimento: string }[]): Promise<number> {
  const credit = todayInSaoPaulo();
  function* titles(): Generator<RetornoTitleInput> {
    for (const [i, b] of boletos.entries()) {
      const amount = toCents(b.valor);
      const paid = i % 3 === 0 ? amount + Math.max(1, Math.round(amount * 0.021)) : amount;
      yield {
        movement: '06',
        ourNumber: Number(b.nosso_numero),
        documentNumber: b.nosso_numero,
        dueDate: b.vencimento,
        amountCents: amount,
        paidCents: paid,
        feeCents: 150,
        interestCents: paid - amount,
        discountCents: 0,
        occurrenceDate: credit,
        creditDate: credit,
        reasons: [],
        payerName: 'PAGADOR BENCH',
      };
    }
  }
  const out = fs.createWriteStream(file);
  let chunk = '';
  for (const line of writeRetorno240Lines({ account: cnabAccountFromConta(conta), fileNumber: 900_000 + (Date.now() % 90_000), generatedAt: new Date(), titles: titles() })) {
    chunk += line + CNAB_LINE_END;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk, 'latin1')) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk, 'latin1');
  await once(out, 'finish');
  return fs.statSync(file).size;
}

/** The apply runs in a bundled child (retorno-apply-child.ts), as production runs the app: its own peak RSS. */
async function applyInChild(where: string, storageDir: string, retornoId: number, usuarioId: number): Promise<{ titulos: number; ms: number; peakRssMiB: number; rssBeforeMiB: number }> {
  const esbuild = await import('esbuild');
  const out = path.join(workDir, 'bundle', 'retorno-apply-child.mjs');
  await esbuild.build({
    entryPoints: [path.join(here, 'retorno-apply-child.ts')],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    keepNames: true,
    logLevel: 'silent',
    plugins: [{ name: 'packages-external-except-workspace', setup: (b) => b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@bg/') || path.isAbsolute(a.path) ? undefined : { path: a.path, external: true })) }],
  });
  // the bundle imports the npm packages by name: it runs from a folder under the repository, where node_modules resolves
  fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
  const runDir = fs.mkdtempSync(path.join(root, '.tmp', 'bench-apply-'));
  fs.cpSync(out, path.join(runDir, 'child.mjs'));
  try {
    const start: string = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;
    const flags = (/node ((?:--[\w-]+(?:=\S+)? )*)scripts\/start\.mjs/.exec(start)?.[1] ?? '').trim().split(/\s+/).filter(Boolean);
    // BENCH_CPU_PROF=<dir>: a V8 CPU profile of the apply (node --cpu-prof), to see where a batch's time goes
    if (process.env.BENCH_CPU_PROF) flags.push('--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`);
    const r = spawnSync(process.execPath, [...flags, path.join(runDir, 'child.mjs'), where, storageDir, String(retornoId), String(usuarioId)], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 });
    const line = r.stdout.split('\n').find((l) => l.startsWith('BENCH '));
    if (r.status !== 0 || !line) throw new Error(`aplicação falhou (${r.status}): ${r.stderr.trim().split('\n').slice(-5).join(' ')}`);
    return JSON.parse(line.slice(6));
  } finally {
    fs.rmSync(runDir, { recursive: true, force: true });
  }
}

const copy = await openCopy();
const database = copy.database;
try {
  await migrate(database);
  const [conta] = await rows<{ id: number; banco: string; agencia: string; conta: string | null; codigo_beneficiario: string; carteira: string; nome: string; cnpj: string }>(
    database,
    sql`select id, banco, agencia, conta, codigo_beneficiario, carteira, nome, cnpj from conta_cobranca where ativa order by id limit 1`,
  );
  if (!conta) throw new Error('O banco não tem conta de cobrança ativa: rode npm run seed:scale antes.');
  const boletos = await rows<{ nosso_numero: string; valor: string; vencimento: string }>(
    database,
    sql`select nosso_numero::text, valor::text, vencimento::text from boleto
         where conta_cobranca_id = ${conta.id} and nosso_numero is not null
           and situacao in ('GARANTIDO', 'DISPONÍVEL PARA PAGAMENTO', 'ENVIADO PARA REGISTRO', 'QUITADO')
         order by id limit ${total}`,
  );
  if (boletos.length < total) throw new Error(`Só ${boletos.length} boletos liquidáveis no conjunto (pedidos ${total}): rode npm run seed:scale -- --boletos 1000000.`);
  const [admin] = await rows<{ id: number }>(database, sql`select id from usuario where nivel = '2' order by id limit 1`);
  const [before] = await rows<{ t: string; e: string }>(database, sql`select (select count(*) from ledger_transaction)::text as t, (select count(*) from ledger_entry)::text as e`);

  const storage = localFileStorage(path.join(workDir, 'files'));
  const file = storage.tempPath('retorno-apply.ret');
  const bytes = await writeFile(file, conta, boletos);
  const key = 'retornos/bench-apply.ret';
  await storage.adopt(file, key);
  const fileId = randomUUID();
  await database.db.execute(sql`insert into stored_file (id, storage_key, original_name, content_type, size_bytes, sha256) values (${fileId}, ${key}, 'bench.ret', 'text/plain', ${bytes}, ${randomBytes(32).toString('hex')})`);
  const [r] = await rows<{ id: number }>(
    database,
    sql`insert into retorno (arquivo, file_id, sha256, tamanho_bytes, status, banco, conta_cobranca_id, quantidade_titulos) values ('bench.ret', ${fileId}, ${randomBytes(32).toString('hex')}, ${bytes}, 'APLICANDO', ${conta.banco}, ${conta.id}, ${total}) returning id`,
  );

  process.stderr.write(`aplicando ${total} liquidações (${(bytes / 1048576).toFixed(1)} MiB) em ${copy.where}, num processo à parte…\n`);
  // PGlite has one user: the child opens the data directory after this process lets go of it
  if (copy.where === 'PGlite') await database.close();
  const result = await applyInChild(copy.target, path.join(workDir, 'files'), r.id, admin.id);
  const ms = result.ms;
  if (copy.where === 'PGlite') copy.database = await openPglite(copy.target);

  const [after] = await rows<{ t: string; e: string }>(copy.database, sql`select (select count(*) from ledger_transaction)::text as t, (select count(*) from ledger_entry)::text as e`);
  const [check] = await rows<{ liquidados: string; itens: string; historico: string }>(
    copy.database,
    sql`select (select count(*) from retorno_item i join boleto b on b.id = i.boleto_id where i.retorno_id = ${r.id} and b.situacao = 'LIQUIDADO')::text as liquidados,
               (select count(*) from retorno_item where retorno_id = ${r.id})::text as itens,
               (select count(*) from boleto_historico h join retorno_item i on i.boleto_id = h.boleto_id where i.retorno_id = ${r.id} and h.para = 'LIQUIDADO')::text as historico`,
  );
  const tx = Number(after.t) - Number(before.t);
  console.log(
    `Aplicar retorno (${copy.where}): ${result.titulos} títulos em ${(ms / 1000).toFixed(1)} s — ${Math.round(result.titulos / (ms / 1000))} títulos/s; ` +
      `${check.liquidados} boletos LIQUIDADO, ${check.historico} linhas de histórico, ${tx} lançamentos no razão (${Number(after.e) - Number(before.e)} partidas); ` +
      `pico RSS do processo que aplicou ${result.peakRssMiB.toFixed(0)} MiB (${result.rssBeforeMiB.toFixed(0)} MiB ao começar)`,
  );
  if (Number(check.liquidados) !== total || tx !== total) process.exitCode = 1;
} finally {
  await copy.drop();
  fs.rmSync(workDir, { recursive: true, force: true });
}
