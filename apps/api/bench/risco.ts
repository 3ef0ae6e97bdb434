/**
 * Portfolio risk on a scale dataset (docs/performance.md "Risco da carteira"):
 *   DATABASE_URL=postgres://…/bg_scale npx tsx apps/api/bench/risco.ts [--atualizar] [--vezes 30]
 *   DATA_DIR=/tmp/bg-pglite-1m npx tsx apps/api/bench/risco.ts [--atualizar] [--vezes 30]
 * (the database the server would open: loadConfig's resolution; PGlite's directory is locked)
 * Applies any new migration first (as bench:api does).
 * `--atualizar` runs the complete risco.atualizar (what the nightly job does) and prints its time;
 * `--posicao` only the 15-minute position run (exposure and aging: enough after a migration of those);
 * then every risk screen's use-case is called `vezes` times (one connection, sequential) and its
 * median and p95 printed. Reads only, apart from the job's own summary tables.
 */
import { dayInSaoPaulo } from '@bg/domain';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { lockDataDir } from '../src/db/data-dir-lock.js';
import { migrate } from '../src/db/migrate.js';
import { atualizarRisco } from '../src/modules/credito/risco/atualizar-risco.js';
import { getCuraAcordo } from '../src/modules/credito/risco/get-cura-acordo.js';
import { getExposicao } from '../src/modules/credito/risco/get-exposicao.js';
import { getPerdas } from '../src/modules/credito/risco/get-perdas.js';
import { getPrimeiroPagamento } from '../src/modules/credito/risco/get-primeiro-pagamento.js';
import { getProvisoes } from '../src/modules/credito/risco/get-provisoes.js';
import { getRolagem } from '../src/modules/credito/risco/get-rolagem.js';
import { getVintage } from '../src/modules/credito/risco/get-vintage.js';
import type { Actor } from '../src/shared/actor.js';

const config = loadConfig();
const lock = config.databaseUrl ? null : lockDataDir(config.dataDir);
const args = process.argv.slice(2);
const vezes = Number(args[args.indexOf('--vezes') + 1] ?? 30) || 30;
process.stderr.write(`risco → ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite em ${config.dataDir}`}\n`);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? null : config.dataDir });
const applied = await migrate(database);
if (applied.length) process.stderr.write(`migrações aplicadas: ${applied.join(', ')}\n`);
const db = database.db;
const admin: Actor = { id: 1, nivel: '2', empresa_id: null, name: 'bench', ip: '127.0.0.1' };
const hoje = dayInSaoPaulo(new Date());

if (args.includes('--atualizar') || args.includes('--posicao')) {
  for (const completa of args.includes('--atualizar') ? [true, false] : [false]) {
    const t0 = performance.now();
    const r = await atualizarRisco(db, hoje, new Date(), { completa });
    console.log(`risco.atualizar ${completa ? 'completa' : 'posição'}: ${Math.round(performance.now() - t0)} ms`, r);
  }
}

const ate = hoje.slice(0, 7);
const t = Number(ate.slice(0, 4)) * 12 + Number(ate.slice(5, 7)) - 1 - 23;
const periodo = { de: `${Math.floor(t / 12)}-${String((t % 12) + 1).padStart(2, '0')}`, ate };
const casos: [string, () => Promise<unknown>][] = [
  ['exposicao', () => getExposicao(db, admin)],
  ['vintage (24 meses)', () => getVintage(db, admin, periodo, hoje)],
  ['rolagem', () => getRolagem(db, admin, {})],
  ['primeiro-pagamento (24 meses)', () => getPrimeiroPagamento(db, admin, periodo, hoje)],
  ['cura-acordo (24 meses)', () => getCuraAcordo(db, admin, periodo, hoje)],
  ['perdas (24 meses)', () => getPerdas(db, admin, periodo, hoje)],
  ['provisoes', () => getProvisoes(db, admin)],
];
for (const [nome, f] of casos) {
  await f(); // warm
  const ms: number[] = [];
  for (let i = 0; i < vezes; i++) {
    const t0 = performance.now();
    await f();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  const q = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!.toFixed(1);
  console.log(`${nome.padEnd(32)} mediana ${q(0.5)} ms  p95 ${q(0.95)} ms`);
}
await database.close();
lock?.release();
