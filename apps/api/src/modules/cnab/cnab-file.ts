import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { once } from 'node:events';
import { CNAB_LINE_END } from '@bg/domain';
import type { FileStorage } from '../../adapters/storage/file-storage.js';
import type { DbOrTx } from '../../db/client.js';
import { storedFile } from '../../db/schema/index.js';

/** Where the spec's download addresses put the files (§7 Other), under the storage base. */
export const REMESSAS_DIR = 'nova_garantia/remessas';
export const REMESSAS_AVULSAS_DIR = 'nova_garantia/remessas_avulsas';
export const RETORNOS_DIR = 'nova_garantia/retornos';

export type StoredCnabFile = { fileId: string; key: string; size: number; sha256: string; lines: number; discard: () => Promise<void> };

/**
 * Writes CNAB lines (latin1, CRLF) to a temporary file as they come — waiting for the disk when
 * its buffer is full, so 100 000 titles never sit in memory — then moves it into the store under
 * `key` and records it in stored_file (served by the signed links of routes/arquivo.ts). If the
 * caller's transaction fails afterwards, it calls `discard()` to remove the file again.
 */
export async function storeCnabFile(
  tx: DbOrTx,
  storage: FileStorage,
  input: { key: string; name: string; lines: AsyncIterable<string> | Iterable<string>; userId: number | null },
): Promise<StoredCnabFile> {
  const tempPath = storage.tempPath(randomUUID());
  const out = fs.createWriteStream(tempPath);
  const hash = createHash('sha256');
  let size = 0;
  let lines = 0;
  let chunk = '';
  const flush = async () => {
    if (!chunk) return;
    const bytes = Buffer.from(chunk, 'latin1');
    chunk = '';
    hash.update(bytes);
    size += bytes.length;
    if (!out.write(bytes)) await once(out, 'drain');
  };
  try {
    for await (const line of input.lines) {
      chunk += line + CNAB_LINE_END;
      lines++;
      if (chunk.length >= 256 * 1024) await flush();
    }
    await flush();
    out.end();
    await once(out, 'finish');
  } catch (err) {
    out.destroy();
    await fs.promises.rm(tempPath, { force: true });
    throw err;
  }
  await storage.adopt(tempPath, input.key);
  const discard = () => storage.remove(input.key);
  try {
    const sha256 = hash.digest('hex');
    const [row] = await tx
      .insert(storedFile)
      .values({ id: randomUUID(), storage_key: input.key, original_name: input.name, content_type: 'text/plain', size_bytes: size, sha256, created_by: input.userId })
      .returning({ id: storedFile.id });
    return { fileId: row.id, key: input.key, size, sha256, lines, discard };
  } catch (err) {
    await discard();
    throw err;
  }
}

/** `remessa_{created_at}-{id}.txt`, created_at as São Paulo YYYYMMDDHHmmss (spec §7 Other). */
export function remessaFileName(createdAt: Date, id: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(createdAt)
      .map((p) => [p.type, p.value]),
  );
  return `remessa_${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}${parts.second}-${id}.txt`;
}
