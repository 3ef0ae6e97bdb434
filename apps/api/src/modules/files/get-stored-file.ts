import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { storedFile } from '../../db/schema/index.js';

/**
 * A stored file's row, or undefined. No actor: GET /api/arquivo serves whoever holds an unexpired
 * signed link (signed-link.ts), checked by the route before this is called.
 */
export async function getStoredFile(db: Db, id: string) {
  const [file] = await db.select().from(storedFile).where(eq(storedFile.id, id));
  return file;
}
