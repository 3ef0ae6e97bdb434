// Run as its own process by openPglite (client.ts) when DATA_DIR holds no database yet: initdb
// runs throw-away PGlite instances whose few hundred MB the server process would otherwise keep
// (freed memory stays in the allocator's arenas). This process initialises the files and exits.
import { PGlite } from '@electric-sql/pglite';
import { pgliteOptions } from './pglite-options.js';

const dataDir = process.argv[2];
if (!dataDir) {
  process.stderr.write('usage: pglite-initdb <dataDir>\n');
  process.exit(2);
}
try {
  const db = await PGlite.create(pgliteOptions(dataDir));
  await db.close();
} catch (err) {
  process.stderr.write(`${(err as Error).message ?? err}\n`);
  process.exit(1);
}
