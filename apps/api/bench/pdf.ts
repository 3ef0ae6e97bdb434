// npm run bench:pdf — time and peak memory of a 12-instalment carnê and of a 1,000-boleto carnê,
// generated exactly as GET /api/boleto/getCarneBoleto does (database in batches → pdfkit → stream),
// on an in-memory PGlite with the migrations applied.
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { openPglite } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { createEmpresa, createUsuario } from '../src/factories/foundation.js';
import { createGarantia } from '../src/factories/garantia.js';
import { issueBoletosOnRelease } from '../src/modules/boletos/issue-boletos-on-release.js';
import { seedContaCobranca } from '../src/seed/seed-boletos.js';
import { slipsOf } from '../src/modules/boletos/slip-source.js';
import { newPdf } from '../src/pdf/document.js';
import { writeCarne } from '../src/pdf/carne-pdf.js';

const database = await openPglite(null);
await migrate(database);
const db = database.db;
const empresa = await createEmpresa(db);
const user = await createUsuario(db, { empresa_id: empresa.id });
await seedContaCobranca(db);

async function released(n: number) {
  return db.transaction(async (tx) => {
    const g = await createGarantia(tx, { empresa_id: empresa.id, usuario_id: user.id, status: 'APROVADO', libera_boleto: 'S', parcelas: Array.from({ length: n }, (_, i) => 10000 + i) });
    await issueBoletosOnRelease(tx, g.garantia.id, { id: user.id, ip: null });
    return g.garantia.id;
  });
}

async function run(label: string, garantiaId: number) {
  global.gc?.();
  const baseRss = process.memoryUsage().rss;
  let peak = baseRss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  let bytes = 0;
  const sink = new Writable({ write(chunk, _e, cb) { bytes += chunk.length; setImmediate(cb); } });
  const start = performance.now();
  const doc = newPdf('Carnê');
  const done = pipeline(doc, sink);
  const count = await writeCarne(doc, slipsOf(db, garantiaId));
  doc.end();
  await done;
  const ms = performance.now() - start;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(`${label}: ${count} boletos, ${(bytes / 1024).toFixed(0)} KiB, ${ms.toFixed(0)} ms, peak RSS +${((peak - baseRss) / 1048576).toFixed(1)} MiB (total ${(peak / 1048576).toFixed(0)} MiB)`);
}

console.log('preparing guarantees…');
const small = await released(12);
const big = await released(1000);
await run('carnê 12 parcelas', small);
await run('carnê 1.000 boletos', big);
await database.close();
