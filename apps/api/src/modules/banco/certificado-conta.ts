import { eq } from 'drizzle-orm';
import { BANCO_CERTIFICADO_MSG, bancoContracts } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { contaCobranca } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors/app-error.js';
import type { BankServices } from '../../services.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { UploadLimitExceeded, type MultipartUpload } from '../files/multipart-upload.js';
import { assertAdmin } from '../tenancy/access.js';
import { presentCertificado, sealCertificado, touched } from './conta-banco.js';
import { lerCertificado } from './ler-certificado.js';

const SOMENTE_ADMIN = 'Somente administradores configuram a integração com o banco.';
const FIELD = bancoContracts.enviarCertificado.multipart.files;
/** A certificate with its chain and key is a few KB; a file of more than this is not one. */
const MAX_BYTES = 64 * 1024;

/**
 * POST /api/contaCobranca/certificado/{id}: the conta's client certificate for mutual TLS. The
 * files (a .pfx/.p12, or PEM in one or two files) are read in memory — they are a few KB — and
 * checked by their content (ler-certificado.ts); the certificate and its key are stored sealed
 * with the conta's box, never in clear and never as a file; what the screens show is kept beside
 * it. Replaces the previous certificate. Audited without the key or the password.
 */
export async function enviarCertificado(db: Db, bank: BankServices, actor: Actor, contaId: number, upload: MultipartUpload, now: Date) {
  assertAdmin(actor, SOMENTE_ADMIN);
  const [exists] = await db.select({ id: contaCobranca.id }).from(contaCobranca).where(eq(contaCobranca.id, contaId));
  if (!exists) throw notFound('Conta de cobrança');
  const { files, senha } = await readUpload(upload);
  const lido = lerCertificado(files, senha, now);
  return db.transaction(async (tx) => {
    const [saved] = await tx
      .update(contaCobranca)
      .set({
        certificado_pem: sealCertificado(bank, contaId, { cert: lido.certPem, key: lido.keyPem }),
        certificado_subject: lido.subject,
        certificado_emissor: lido.emissor,
        certificado_serial: lido.serial.slice(0, 80),
        certificado_inicio: lido.inicio,
        certificado_validade: lido.validade,
        certificado_enviado_em: now,
        certificado_enviado_por: actor.id,
        ...touched,
      })
      .where(eq(contaCobranca.id, contaId))
      .returning();
    if (!saved) throw notFound('Conta de cobrança');
    await recordAudit(tx, actor, {
      action: 'contaCobranca.certificado',
      entity: 'conta_cobranca',
      entityId: contaId,
      summary: { subject: lido.subject, emissor: lido.emissor, serial: lido.serial, validade: lido.validade.toISOString() },
    });
    // the adapters are cached per configuration: the next call builds one with this certificate
    const presented = presentCertificado(saved, now);
    if (!presented) throw new AppError('INTERNAL', 'Certificado não gravado.');
    return presented;
  });
}

/** POST /api/contaCobranca/removerCertificado/{id}: the calls go on without a client certificate. */
export async function removerCertificado(db: Db, actor: Actor, contaId: number): Promise<void> {
  assertAdmin(actor, SOMENTE_ADMIN);
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(contaCobranca).where(eq(contaCobranca.id, contaId)).for('update');
    if (!current) throw notFound('Conta de cobrança');
    if (!current.certificado_pem) throw new AppError('WRONG_STATE', BANCO_CERTIFICADO_MSG.semCertificadoNaConta);
    await tx
      .update(contaCobranca)
      .set({
        certificado_pem: null,
        certificado_subject: null,
        certificado_emissor: null,
        certificado_serial: null,
        certificado_inicio: null,
        certificado_validade: null,
        certificado_enviado_em: null,
        certificado_enviado_por: null,
        ...touched,
      })
      .where(eq(contaCobranca.id, contaId));
    await recordAudit(tx, actor, {
      action: 'contaCobranca.certificadoRemovido',
      entity: 'conta_cobranca',
      entityId: contaId,
      summary: { subject: current.certificado_subject, serial: current.certificado_serial },
    });
  });
}

/** The files of field `arquivo` (one or two) and the `senha` field, in whatever order they come. */
async function readUpload(upload: MultipartUpload): Promise<{ files: Buffer[]; senha: string }> {
  if (!upload.isMultipart) throw new AppError('BAD_REQUEST', 'Envie o certificado como multipart/form-data.');
  const files: Buffer[] = [];
  let senha = '';
  try {
    for await (const part of upload.parts({ files: 2, fileSize: MAX_BYTES, fields: 5 })) {
      if (part.type === 'field') {
        if (part.fieldname === 'senha') senha = part.value;
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.stream) chunks.push(chunk as Buffer);
      if (part.truncated()) throw tooLarge();
      if (part.fieldname !== FIELD && part.fieldname !== `${FIELD}[]`) continue;
      const bytes = Buffer.concat(chunks);
      if (bytes.length) files.push(bytes);
    }
  } catch (err) {
    if (err instanceof UploadLimitExceeded) throw err.limit === 'files' ? new AppError('BAD_REQUEST', 'Envie no máximo 2 arquivos: o certificado e a chave.') : tooLarge();
    throw err;
  }
  if (!files.length) throw new AppError('VALIDATION', 'Selecione o arquivo do certificado.', { errors: { [FIELD]: 'Campo obrigatório' } });
  return { files, senha };
}

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', `O arquivo do certificado pode ter no máximo ${MAX_BYTES / 1024} KB.`);
