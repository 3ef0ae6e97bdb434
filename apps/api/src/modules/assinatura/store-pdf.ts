import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { FileStorage } from '../../adapters/storage/file-storage.js';
import { storedFile } from '../../db/schema/index.js';
import { sha256Hex } from './signing-token.js';

export type StoredPdf = typeof storedFile.$inferInsert & { id: string; storage_key: string; sha256: string; size_bytes: number };

/**
 * Puts a generated PDF into the storage adapter (through a temporary file, as uploads do) and
 * answers the stored_file row to insert in the caller's transaction. The caller removes the file
 * again (`storage.remove(row.storage_key)`) when its transaction fails.
 */
export async function storePdf(storage: FileStorage, bytes: Buffer, name: string, userId: number | null): Promise<StoredPdf> {
  const id = randomUUID();
  const now = new Date();
  const key = `assinatura/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${id}.pdf`;
  const temp = storage.tempPath(id);
  await fs.promises.writeFile(temp, bytes);
  try {
    await storage.adopt(temp, key);
  } catch (err) {
    await fs.promises.rm(temp, { force: true });
    throw err;
  }
  return {
    id,
    storage_key: key,
    original_name: name.slice(0, 255),
    content_type: 'application/pdf',
    size_bytes: bytes.length,
    sha256: sha256Hex(bytes),
    created_by: userId,
  };
}

/** Reads a stored file whole (the signing PDFs are small). */
export async function readStored(storage: FileStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
