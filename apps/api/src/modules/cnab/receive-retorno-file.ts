import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { RETORNO_EXTENSIONS, RETORNO_MAX_BYTES, retornoContracts } from '@bg/domain';
import type { FileStorage } from '../../adapters/storage/file-storage.js';
import { AppError } from '../../errors/app-error.js';
import { UploadLimitExceeded, type MultipartUpload, type UploadFilePart, type UploadLimits } from '../files/multipart-upload.js';
import { CnabTextCheck, type CnabHeaderInfo } from './cnab-text-check.js';

export type ReceivedRetorno = { tempPath: string; name: string; size: number; sha256: string; header: CnabHeaderInfo };

const FIELD = retornoContracts.create.multipart.files;

/**
 * Streams the one file of POST /api/retorno/create to a temporary file, never holding it in
 * memory: on the way it is measured (at most `maxBytes`: config retornoMaxBytes, RETORNO_MAX_MB,
 * 500 MB by default as spec §5 says), hashed (SHA-256, the retorno's identity) and checked to be
 * CNAB 240 retorno text (cnab-text-check.ts). Any refusal removes the temporary file; the caller
 * adopts it into the store once the retorno row exists.
 */
export async function receiveRetornoFile(upload: MultipartUpload, storage: FileStorage, maxBytes: number = RETORNO_MAX_BYTES): Promise<ReceivedRetorno> {
  if (!upload.isMultipart) throw new AppError('BAD_REQUEST', 'Envie o arquivo retorno como multipart/form-data.');
  const tempPath = storage.tempPath(randomUUID());
  const removeTemp = () => fs.promises.rm(tempPath, { force: true });
  try {
    let part;
    try {
      part = await firstFile(upload, { files: 1, fileSize: maxBytes, fields: 5 });
    } catch (err) {
      throw translate(err, maxBytes);
    }
    if (!part || (part.fieldname !== FIELD && part.fieldname !== `${FIELD}[]`)) {
      part?.stream.resume();
      throw new AppError('VALIDATION', 'Selecione o arquivo retorno.', { errors: { [FIELD]: 'Campo obrigatório' } });
    }
    const name = (part.filename || 'retorno.txt').slice(0, 255);
    if (!RETORNO_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext))) {
      part.stream.resume();
      throw new AppError('UNSUPPORTED_MEDIA', `Envie o arquivo retorno do banco (${RETORNO_EXTENSIONS.join(' ou ')}).`);
    }
    const hash = createHash('sha256');
    const check = new CnabTextCheck();
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        hash.update(chunk);
        check.feed(chunk);
        // stop reading a binary or foreign file at once instead of storing 500 MB of it
        if (check.error) return done(new AppError('UNSUPPORTED_MEDIA', check.error));
        done(null, chunk);
      },
    });
    try {
      await pipeline(part.stream, meter, fs.createWriteStream(tempPath));
    } catch (err) {
      throw translate(err, maxBytes);
    }
    if (part.truncated()) throw tooLarge(maxBytes);
    if (size === 0) throw new AppError('BAD_REQUEST', `O arquivo ${name} está vazio.`);
    check.finish();
    if (check.error || !check.header) throw new AppError('UNSUPPORTED_MEDIA', check.error ?? 'Não é um arquivo CNAB 240.');
    return { tempPath, name, size, sha256: hash.digest('hex'), header: check.header };
  } catch (err) {
    await removeTemp();
    throw err;
  }
}

const tooLarge = (maxBytes: number) => new AppError('PAYLOAD_TOO_LARGE', `O arquivo retorno pode ter no máximo ${Math.round(maxBytes / 1024 / 1024)} MB.`);

function translate(err: unknown, maxBytes: number): unknown {
  if (!(err instanceof UploadLimitExceeded)) return err;
  return err.limit === 'fileSize' ? tooLarge(maxBytes) : new AppError('BAD_REQUEST', 'Envie um arquivo retorno por vez.');
}

/**
 * The body's first file (text fields before it are skipped); nothing after it is read, so a second
 * file never reaches the parser's files limit.
 */
async function firstFile(upload: MultipartUpload, limits: UploadLimits): Promise<UploadFilePart | null> {
  for await (const part of upload.parts(limits)) if (part.type === 'file') return part;
  return null;
}
