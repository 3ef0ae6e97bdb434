import type { FastifyRequest } from 'fastify';
import { isStorableText, MSG } from '@bg/domain';
import { AppError } from '../errors/app-error.js';
import { UploadLimitExceeded, type MultipartUpload, type UploadPart } from '../modules/files/multipart-upload.js';

/**
 * A request's multipart body for the upload use-cases (modules/files/multipart-upload.ts): the
 * parts of @fastify/multipart, streamed as they arrive, with its limit errors in neutral terms.
 * Nothing is read until a use-case iterates, so a refusal before that (403) never parses the body.
 */
export function multipartUpload(request: FastifyRequest): MultipartUpload {
  return {
    isMultipart: request.isMultipart(),
    async *parts(limits): AsyncGenerator<UploadPart> {
      try {
        for await (const part of request.parts({ limits })) {
          if (part.type === 'field') {
            const value = String(part.value ?? '');
            // the same check as every JSON string (http/contract-route.ts, decision 107): a NUL cannot be stored
            if (!isStorableText(value) || !isStorableText(part.fieldname)) {
              throw new AppError('VALIDATION', 'Verifique os campos informados.', { errors: { [isStorableText(part.fieldname) ? part.fieldname : '_']: MSG.textInvalid } });
            }
            yield { type: 'field', fieldname: part.fieldname, value };
          } else {
            const file = part.file;
            yield { type: 'file', fieldname: part.fieldname, filename: part.filename, mimetype: part.mimetype, stream: file, truncated: () => file.truncated };
          }
        }
      } catch (err) {
        throw neutral(err);
      }
    },
  };
}

/** @fastify/multipart's limit errors as UploadLimitExceeded; anything else as it is. */
function neutral(err: unknown): unknown {
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_FILES_LIMIT') return new UploadLimitExceeded('files');
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new UploadLimitExceeded('fileSize');
  return err;
}
