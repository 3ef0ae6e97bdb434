/**
 * npm run seed:scale -- --boletos 1000000 [--force] [--seed texto] [--today AAAA-MM-DD] [--cnab-days 365]
 *
 * Fills the configured database (DATABASE_URL, or PGlite in DATA_DIR — the server's own
 * resolution) with a realistic, deterministic dataset for performance work: migrates, seeds the
 * demo data on an empty database, then adds 500 empresas, 200 k pessoas, 300 k garantias and 1 M
 * boletos (per million boletos) with their history, defaulters, acordos, agendamentos, SPC,
 * antecipações, remessas/retornos, boletos avulsos and signature requests, by COPY in one
 * transaction. Refuses a database holding more than the demo data unless --force (which adds a
 * second set). docs/performance.md.
 */
import { parseArgs } from 'node:util';
import { dayOf } from './scale/model.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { lockDataDir } from '../src/db/data-dir-lock.js';
import { migrate } from '../src/db/migrate.js';
import { localFileStorage } from '../src/adapters/storage/file-storage.js';
import { seedIfEmpty } from '../src/seed/index.js';
import { todayInSaoPaulo } from '@bg/domain';
import { pgliteLoader, postgresLoader } from './scale/loader.js';
import { readState } from './scale/database-state.js';
import { loadScaleData, printSummary } from './scale/load.js';

/** A database with more than this (pessoas, garantias or boletos) holds more than the demo data. */
const DEMO_LIMIT = 500;

const { values: args } = parseArgs({
  options: {
    boletos: { type: 'string', default: '1000000' },
    force: { type: 'boolean', default: false },
    seed: { type: 'string', default: 'boleto-garantido' },
    today: { type: 'string' },
    'cnab-days': { type: 'string', default: '365' },
    help: { type: 'boolean', default: false },
  },
});

if (args.help) {
  process.stdout.write(`uso: npm run seed:scale -- --boletos 1000000 [--force] [--seed texto] [--today AAAA-MM-DD] [--cnab-days 365]\n`);
  process.exit(0);
}
const boletos = Number(args.boletos);
if (!Number.isInteger(boletos) || boletos < 1000 || boletos > 20_000_000) throw new Error('--boletos deve ser um inteiro entre 1000 e 20000000');
const today = args.today ?? todayInSaoPaulo();
if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error('--today deve ser AAAA-MM-DD');
const cnabDays = Number(args['cnab-days']);

const config = loadConfig();
const lock = config.databaseUrl ? null : lockDataDir(config.dataDir);
try {
  const started = performance.now();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite em ${config.dataDir}`;
  process.stderr.write(`seed:scale → ${where}\n`);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? null : config.dataDir });
  const applied = await migrate(database);
  const demo = await seedIfEmpty(database.db, 'demo', null, localFileStorage(config.storageDir));
  await database.close();
  const prepared = performance.now();
  process.stderr.write(`  migrações aplicadas: ${applied.length}; dados de demonstração: ${demo.seeded} (${((prepared - started) / 1000).toFixed(1)} s)\n`);

  const loader = config.databaseUrl ? await postgresLoader(config.databaseUrl) : await pgliteLoader(config.dataDir);
  try {
    const state = await readState(loader);
    const { pessoas, garantias, boletos: existing } = state.counts;
    if (Math.max(pessoas, garantias, existing) > DEMO_LIMIT && !args.force) {
      process.stderr.write(
        `O banco já tem mais que os dados de demonstração (${pessoas} pessoas, ${garantias} garantias, ${existing} boletos).\n` +
          'Use um banco novo (DATABASE_URL ou DATA_DIR) ou --force para acrescentar outro conjunto.\n',
      );
      process.exitCode = 2;
    } else {
      const result = await loadScaleData(loader, state, { seed: args.seed!, today: dayOf(today), boletos, cnabDays });
      printSummary(result, { where, boletos, seed: args.seed!, today, totalMs: performance.now() - started, prepareMs: prepared - started });
    }
  } finally {
    await loader.close();
  }
} finally {
  lock?.release();
}
