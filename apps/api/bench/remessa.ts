// npm run bench:remessa -- --boletos 100000
// Time (and peak RSS) of Gerar Remessa for that many boletos DISPONÍVEL PARA PAGAMENTO, run by the
// real use-case (claim, situação changes with history, file streamed from the database in batches
// to storage). The boletos are seeded in a temporary database with multi-row inserts: a fresh
// PostgreSQL database when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server, else an
// in-memory PGlite.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { addMonthsClamped, completeCpf, readRemessa240, todayInSaoPaulo } from '@bg/domain';
import { localFileStorage } from '../src/adapters/storage/file-storage.js';
import { openPglite, openPostgres, type Database } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { createEmpresa, createUsuario } from '../src/factories/foundation.js';
import { seedContaCobranca } from '../src/seed/seed-boletos.js';
import { gerarRemessa } from '../src/modules/cnab/gerar-remessa.js';
import { REMESSAS_DIR } from '../src/modules/cnab/cnab-file.js';
import { arg, peakRssMiB } from './cnab-bench-support.js';

const total = Number(arg('boletos', '100000'));
const perGarantia = 10;
const server = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';
const dbName = `bg_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;

async function open(): Promise<Database> {
  if (!server) return openPglite(null);
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  // BENCH_AUTO_EXPLAIN=<ms>: every statement slower than that goes to the server's log with its plan,
  // row counts and trigger times (auto_explain, set on this database only) — where the time goes
  if (process.env.BENCH_AUTO_EXPLAIN) {
    for (const setting of ['session_preload_libraries = auto_explain', `auto_explain.log_min_duration = ${Number(process.env.BENCH_AUTO_EXPLAIN)}`, 'auto_explain.log_analyze = on', 'auto_explain.log_triggers = on', 'auto_explain.log_nested_statements = on']) {
      await admin.query(`ALTER DATABASE ${dbName} SET ${setting}`);
    }
  }
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${dbName}`;
  return openPostgres(url.toString());
}

async function drop(): Promise<void> {
  if (!server) return;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  for (let i = 0; ; i++) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName}${i >= 25 ? ' WITH (FORCE)' : ''}`);
      break;
    } catch (err) {
      if (i >= 25) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  await admin.end();
}

const database = await open();
const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-bench-remessa-'));
try {
  await migrate(database);
  const db = database.db;
  const conta = await seedContaCobranca(db);
  const emp = await createEmpresa(db);
  const loja = await createUsuario(db, { nivel: '1', empresa_id: emp.id });
  const adminUser = await createUsuario(db, { nivel: '2', empresa_id: null });

  console.log(`semeando ${total} boletos DISPONÍVEL PARA PAGAMENTO (${server ? 'PostgreSQL' : 'PGlite'})…`);
  const seedStart = performance.now();
  // 1 000 payers with the address the CNAB segment Q needs: on the person's row, or on the shop's
  // view of the person where the schema has one (people shared by several shops, decision 104)
  await db.execute(sql`
    insert into pessoa (tipo_pessoa, cpf_cnpj, nome_razao)
    select 'F', cpf, 'Cliente Bench ' || i from unnest(${sql.raw(`ARRAY[${Array.from({ length: 1000 }, (_, i) => `'${completeCpf(String(100000000 + i * 7919).slice(0, 9))}'`).join(',')}]`)}::varchar[]) with ordinality as c(cpf, i)`);
  const address = `cep = '01310100', endereco = 'Avenida Paulista', numero = (100 + id)::text, bairro = 'Bela Vista', cidade = 'São Paulo', uf = 'SP'`;
  const temColuna = await db.execute(sql`select 1 from information_schema.columns where table_name = 'pessoa' and column_name = 'cep'`);
  if ((temColuna as { rows: unknown[] }).rows.length) await db.execute(sql.raw(`update pessoa set ${address}`));
  const temVisao = await db.execute(sql`select to_regclass('pessoa_visao') is not null as sim`);
  if ((temVisao as { rows: { sim: boolean }[] }).rows[0]?.sim) {
    await db.execute(sql`
      insert into pessoa_visao (pessoa_id, empresa_id, nome_razao, cep, endereco, numero, bairro, cidade, uf)
      select id, ${emp.id}::int, nome_razao, '01310100', 'Avenida Paulista', (100 + id)::text, 'Bela Vista', 'São Paulo', 'SP' from pessoa`);
  }
  const garantias = Math.ceil(total / perGarantia);
  await db.execute(sql`
    insert into garantia (digito, empresa_id, usuario_id, pessoa_id, status, libera_boleto, qtd_titulo)
    select 0, ${emp.id}::int, ${loja.id}::int, (select min(id) from pessoa) + (g % 1000), 'APROVADO', 'S', ${perGarantia}::int
    from generate_series(0, ${garantias - 1}::int) g`);
  const first = addMonthsClamped(todayInSaoPaulo(), 1);
  // boletos in multi-row inserts of 10 000 (nosso número = sequence, as the account would give)
  for (let from = 0; from < total; from += 10_000) {
    const to = Math.min(total, from + 10_000) - 1;
    await db.execute(sql`
      insert into boleto (digito, garantia_id, parcela, valor, vencimento, situacao, nosso_numero, codigo_barras, linha_digitavel, conta_cobranca_id)
      select 0, (select min(id) from garantia) + i / ${perGarantia}::int, 1 + i % ${perGarantia}::int, 100 + (i % 900), ${first}::date + (i % ${perGarantia}::int) * 30,
             'DISPONÍVEL PARA PAGAMENTO', i + 1, '0', '0', ${conta.id}::int
      from generate_series(${from}::int, ${to}::int) i`);
  }
  await db.execute(sql.raw(`select setval('${conta.sequencia}', ${total})`));
  await db.execute(sql`analyze`);
  console.log(`semeados em ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const storage = localFileStorage(storageDir);
  const actor = { id: adminUser.id, nivel: '2' as const, empresa_id: null, name: adminUser.name, ip: null };
  const rssBefore = peakRssMiB();
  const start = performance.now();
  const { remessa } = await gerarRemessa({ db, storage }, actor);
  const ms = performance.now() - start;
  if (!remessa) throw new Error('remessa vazia');
  const file = path.join(storageDir, REMESSAS_DIR, remessa.arquivo);
  const bytes = fs.statSync(file).size;
  let entradas = 0;
  for await (const e of readRemessa240(fs.createReadStream(file, { highWaterMark: 1 << 20 }))) if (e.kind === 'entrada') entradas++;
  console.log(
    `Gerar Remessa: ${remessa.quantidade_entrada} entradas em ${(ms / 1000).toFixed(1)} s (${Math.round(remessa.quantidade_entrada / (ms / 1000))} títulos/s), arquivo ${(bytes / 1048576).toFixed(1)} MiB, ` +
      `${entradas} entradas relidas do arquivo; pico RSS do processo ${peakRssMiB().toFixed(0)} MiB (${rssBefore.toFixed(0)} MiB antes de gerar)`,
  );
} finally {
  await database.close();
  await drop();
  fs.rmSync(storageDir, { recursive: true, force: true });
}
