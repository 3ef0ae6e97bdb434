/**
 * npm run ledger:check — checks the money ledger's invariants on the configured database
 * (DATABASE_URL, or PGlite in DATA_DIR — stop the server first: PGlite has one user) and records the
 * result as the nightly job does (decision 109; docs/financeiro.md "Verificação do razão").
 * Exit code 0 when every invariant holds, 1 when one fails (each failure printed), 2 when the
 * database cannot be opened.
 */
import { loadConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { lockDataDir } from '../apps/api/src/db/data-dir-lock.js';
import { verifyAndRecord } from '../apps/api/src/modules/ledger/check-ledger.js';

const config = loadConfig();
let lock: { release(): void } | null = null;
let database: Awaited<ReturnType<typeof openDatabase>> | null = null;
try {
  lock = config.databaseUrl ? null : lockDataDir(config.dataDir);
  database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? null : config.dataDir });
} catch (err) {
  process.stderr.write(`ledger:check: não foi possível abrir o banco: ${(err as Error).message}\n`);
  lock?.release();
  process.exit(2);
}
try {
  const result = await verifyAndRecord(database.db, 'script');
  process.stdout.write(`Razão: ${result.boletosVerificados} boletos verificados em ${(result.duracaoMs / 1000).toFixed(1)} s.\n`);
  if (result.ok) process.stdout.write('Todas as invariantes valem: balancete zerado, saldos = lançamentos, boletos de acordo com a situação, banco conferido.\n');
  else {
    process.stdout.write(`${result.falhas.length} falha(s):\n`);
    for (const f of result.falhas) process.stdout.write(`  [${f.regra}] ${f.detalhe}\n`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
  lock?.release();
}
