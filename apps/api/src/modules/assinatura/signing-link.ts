import { eq } from 'drizzle-orm';
import { ASSINATURA_MSG, GARANTIA_STATUS } from '@bg/domain';
import type { FileStorage } from '../../adapters/storage/file-storage.js';
import type { Db } from '../../db/client.js';
import { assinaturaSolicitacao, garantia, storedFile } from '../../db/schema/index.js';
import { AppError } from '../../errors/app-error.js';
import { recordPublicFailure, type PublicClient } from './public-access.js';
import { hashSigningToken, isWellFormedToken, sha256Hex } from './signing-token.js';
import { readStored } from './store-pdf.js';

/** The one answer for a link that cannot be used: it says nothing about why, or whether it existed. */
export const linkInvalido = () => new AppError('NOT_FOUND', ASSINATURA_MSG.linkInvalido);

export type OpenRequest = typeof assinaturaSolicitacao.$inferSelect & { storage_key: string; original_name: string };

type Log = { error(obj: object, msg?: string): void };

/**
 * The signing request behind a link, if the link may still be used: well-formed token, known hash,
 * PENDENTE (not signed, not replaced), not expired, and its guarantee still APROVADO. Anything else
 * is a failure of the caller's IP and the same 404.
 */
export async function openRequestByToken(db: Db, token: string, client: PublicClient, now = new Date()): Promise<OpenRequest> {
  const row = isWellFormedToken(token)
    ? (
        await db
          .select({ s: assinaturaSolicitacao, storage_key: storedFile.storage_key, original_name: storedFile.original_name, garantia_status: garantia.status })
          .from(assinaturaSolicitacao)
          .innerJoin(storedFile, eq(storedFile.id, assinaturaSolicitacao.documento_file_id))
          .innerJoin(garantia, eq(garantia.id, assinaturaSolicitacao.garantia_id))
          .where(eq(assinaturaSolicitacao.token_hash, hashSigningToken(token)))
      )[0]
    : undefined;
  const usable = row && row.s.status === 'PENDENTE' && row.s.expires_at.getTime() > now.getTime() && row.garantia_status === GARANTIA_STATUS.APROVADO;
  if (!usable) {
    await recordPublicFailure(db, client);
    throw linkInvalido();
  }
  return { ...row.s, storage_key: row.storage_key, original_name: row.original_name };
}

/**
 * The stored duplicatas, checked against the SHA-256 recorded when the link was sent: a file that
 * changed (or vanished) since is never shown nor signed; the link answers as unusable and the
 * mismatch is logged for the operators.
 */
export async function verifiedDocument(storage: FileStorage, request: OpenRequest, log: Log): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await readStored(storage, request.storage_key);
  } catch (err) {
    log.error({ err, solicitacao_id: request.id }, 'assinatura: documento original ausente do armazenamento');
    throw linkInvalido();
  }
  const sha256 = sha256Hex(bytes);
  if (sha256 !== request.documento_sha256) {
    log.error({ solicitacao_id: request.id, esperado: request.documento_sha256, encontrado: sha256 }, 'assinatura: documento original alterado no armazenamento');
    throw linkInvalido();
  }
  return bytes;
}
