import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DbOrTx } from '../../db/client.js';
import { storedFile } from '../../db/schema/index.js';
import type { FileStorage } from '../../adapters/storage/file-storage.js';
import { AppError } from '../../errors/app-error.js';
import { UploadLimitExceeded, type MultipartUpload } from './multipart-upload.js';
import { isStorableText } from '@bg/domain';
import { checkFileContent } from './check-file-content.js';
import { KIND_INFO, sniffFileKind, type FileKind } from './sniff-file-kind.js';

export type UploadRules = {
  /** Name of the multipart file field (the spec uses "arquivo"). */
  field: string;
  maxFiles: number;
  /** Limit per file. */
  maxFileBytes: number;
  /** Limit of the whole request, when the spec gives one (duplicatas: 50 MB). */
  maxTotalBytes?: number;
  kinds: FileKind[];
};

export type StoredUpload = typeof storedFile.$inferSelect & { kind: FileKind };

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * Streams the files of a multipart upload to storage without holding them in memory: each is
 * hashed and measured on the way, its type checked by magic bytes, and only then adopted into the
 * store and recorded in stored_file. Text fields are collected (send them before the files). If
 * anything fails, every file of the request already stored is removed again.
 */
export async function receiveUploads(
  upload: MultipartUpload,
  deps: { db: DbOrTx; storage: FileStorage; userId: number | null },
  rules: UploadRules,
): Promise<{ files: StoredUpload[]; fields: Record<string, string> }> {
  if (!upload.isMultipart) throw new AppError('BAD_REQUEST', 'Envie os arquivos como multipart/form-data.');
  const fields: Record<string, string> = {};
  const accepted: { tempPath: string; key: string; kind: FileKind; name: string; size: number; sha256: string }[] = [];
  let total = 0;
  const cleanup = async () => {
    await Promise.all(accepted.map((a) => fs.promises.rm(a.tempPath, { force: true })));
  };

  try {
    const parts = upload.parts({ files: rules.maxFiles + 1, fileSize: rules.maxFileBytes, fields: 20 });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== rules.field && part.fieldname !== `${rules.field}[]`) {
        part.stream.resume();
        continue;
      }
      if (accepted.length >= rules.maxFiles) {
        part.stream.resume();
        throw new AppError('BAD_REQUEST', `Envie no máximo ${rules.maxFiles} arquivo(s) por vez.`);
      }
      const tempPath = deps.storage.tempPath(randomUUID());
      const hash = createHash('sha256');
      let head = Buffer.alloc(0);
      let size = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (head.length < 16) head = Buffer.concat([head, chunk.subarray(0, 16 - head.length)]);
          hash.update(chunk);
          done(null, chunk);
        },
      });
      accepted.push({ tempPath, key: '', kind: 'text', name: storableName(part.filename), size: 0, sha256: '' });
      await pipeline(part.stream, meter, fs.createWriteStream(tempPath));
      if (part.truncated()) throw new AppError('PAYLOAD_TOO_LARGE', `Cada arquivo pode ter no máximo ${mb(rules.maxFileBytes)}.`);
      total += size;
      if (rules.maxTotalBytes && total > rules.maxTotalBytes) {
        throw new AppError('PAYLOAD_TOO_LARGE', `O envio pode ter no máximo ${mb(rules.maxTotalBytes)} no total.`);
      }
      if (size === 0) throw new AppError('BAD_REQUEST', `O arquivo ${part.filename} está vazio.`);
      const kind = sniffFileKind(head);
      if (!kind || !rules.kinds.includes(kind)) {
        const allowed = rules.kinds.map((k) => KIND_INFO[k].label).join(', ');
        throw new AppError('UNSUPPORTED_MEDIA', `Tipo de arquivo não permitido (${part.filename}). Aceitos: ${allowed}.`);
      }
      // the whole file, not only its first bytes: an image that decodes, a PDF without scripts (decision 107)
      const content = await checkFileContent(kind, tempPath, part.filename);
      if (content.refusal !== null) throw new AppError('UNSUPPORTED_MEDIA', content.refusal);
      const now = new Date();
      const key = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.${KIND_INFO[kind].ext}`;
      Object.assign(accepted[accepted.length - 1], { key, kind, size: content.size ?? size, sha256: content.sha256 ?? hash.digest('hex') });
    }
  } catch (err) {
    await cleanup();
    if (err instanceof UploadLimitExceeded && err.limit === 'files') throw new AppError('BAD_REQUEST', `Envie no máximo ${rules.maxFiles} arquivo(s) por vez.`);
    if (err instanceof UploadLimitExceeded) throw new AppError('PAYLOAD_TOO_LARGE', `Cada arquivo pode ter no máximo ${mb(rules.maxFileBytes)}.`);
    throw err;
  }
  if (!accepted.length) throw new AppError('VALIDATION', 'Selecione ao menos um arquivo.', { errors: { [rules.field]: 'Campo obrigatório' } });

  const files: StoredUpload[] = [];
  try {
    for (const a of accepted) {
      await deps.storage.adopt(a.tempPath, a.key);
      const [row] = await deps.db
        .insert(storedFile)
        .values({
          id: randomUUID(),
          storage_key: a.key,
          original_name: a.name.slice(0, 255),
          content_type: KIND_INFO[a.kind].contentType,
          size_bytes: a.size,
          sha256: a.sha256,
          created_by: deps.userId,
        })
        .returning();
      files.push({ ...row, kind: a.kind });
    }
  } catch (err) {
    await cleanup();
    await Promise.all(files.map((f) => deps.storage.remove(f.storage_key)));
    throw err;
  }
  return { files, fields };
}

/** The client's file name as it can be stored: never empty, a NUL or a lone surrogate replaced. */
function storableName(name: string): string {
  if (!name) return 'arquivo';
  return isStorableText(name) ? name : [...name].map((c) => (isStorableText(c) ? c : '\uFFFD')).join('');
}

/** Removes stored files again (e.g. when the record they were for turned out to be out of scope). */
export async function discardUploads(storage: FileStorage, files: StoredUpload[]): Promise<void> {
  await Promise.all(files.map((f) => storage.remove(f.storage_key)));
}
