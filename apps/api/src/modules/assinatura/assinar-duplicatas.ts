import { and, eq, gt, sql } from 'drizzle-orm';
import { ASSINATURA_ACEITE, ASSINATURA_MSG, assinaturaConfirmacaoTexto, onlyDigits, sameDocumentDigits, type AssinaturaTipo } from '@bg/domain';
import { assinaturaSolicitacao, empresa, garantia, garantiaDuplicata, storedFile, usuario } from '../../db/schema/index.js';
import { AppError } from '../../errors/app-error.js';
import type { JobQueue } from '../../jobs/index.js';
import { writeCertificadoAssinatura } from '../../pdf/assinatura-certificado-pdf.js';
import { renderPdf } from '../../pdf/render-pdf.js';
import { recordAudit } from '../audit/record-audit.js';
import { enqueueMensagem, sendMensagemJob } from '../mensagem/enqueue-mensagem.js';
import type { PublicDeps } from './get-assinatura-publica.js';
import type { A1Certificate } from './pades-signer.js';
import { admitPublicCall, recordPublicFailure, type PublicClient } from './public-access.js';
import { buildSignedPdf, pdfPageCount } from './signed-pdf.js';
import { linkInvalido, openRequestByToken, verifiedDocument } from './signing-link.js';
import { storePdf } from './store-pdf.js';

export type AssinarDeps = PublicDeps & { jobs: JobQueue; a1: A1Certificate | null; log: PublicDeps['log'] & { warn(obj: object, msg?: string): void } };

export type AssinarInput = { cpf_cnpj: string; nome: string; aceite: true };

/** The A1 certificate if it is valid right now; an expired one leaves the signature by evidence (and is logged). */
function usableCertificate(deps: AssinarDeps, at: Date): A1Certificate | null {
  const a1 = deps.a1;
  if (!a1) return null;
  if (at < a1.notBefore || at > a1.notAfter) {
    deps.log.warn({ titular: a1.titular, notAfter: a1.notAfter }, 'assinatura: certificado A1 fora da validade; assinatura apenas por evidências');
    return null;
  }
  return a1;
}

/**
 * POST /api/assinatura/{token}/assinar {cpf_cnpj, nome, aceite} (public).
 * 1. The link must be usable and the CPF/CNPJ must be the buyer's (digits compared); a wrong one
 *    is a failure of the IP (rate limit) and a field message.
 * 2. The stored original is checked against its SHA-256, then the signed PDF is built: the
 *    original's pages + a certificate page with the evidence (+ PAdES with an A1 certificate).
 * 3. One transaction: PENDENTE → ASSINADA only if still PENDENTE and unexpired (two signers at once:
 *    one wins, the other gets "link inválido ou expirado"), the signed file joins the guarantee's
 *    duplicatas (possui_duplicata S), the confirmation e-mail is queued, the audit written.
 */
export async function assinarDuplicatas(deps: AssinarDeps, token: string, input: AssinarInput, client: PublicClient) {
  const { db, storage, jobs } = deps;
  await admitPublicCall(db, client);
  const request = await openRequestByToken(db, token, client);
  if (!sameDocumentDigits(input.cpf_cnpj, request.sacado_cpf_cnpj)) {
    await recordPublicFailure(db, client);
    throw new AppError('VALIDATION', ASSINATURA_MSG.documentoNaoConfere, { errors: { cpf_cnpj: ASSINATURA_MSG.documentoNaoConfere } });
  }
  const original = await verifiedDocument(storage, request, deps.log);

  const [who] = await db
    .select({ usuario: usuario.name, loja: empresa.fantasia, pessoa_id: garantia.pessoa_id, empresa_id: garantia.empresa_id })
    .from(garantia)
    .innerJoin(empresa, eq(empresa.id, garantia.empresa_id))
    .innerJoin(usuario, eq(usuario.id, request.created_by))
    .where(eq(garantia.id, request.garantia_id));
  const signedAt = new Date();
  const a1 = usableCertificate(deps, signedAt);
  const tipo: AssinaturaTipo = a1 ? 'PADES' : 'EVIDENCIAS';
  const resumo = request.documento_resumo;
  const signer = { nome: input.nome, documento: onlyDigits(input.cpf_cnpj), ip: client.ip.slice(0, 64), userAgent: client.userAgent?.slice(0, 300) ?? null };
  const paginas = await pdfPageCount(original);
  const certificado = await renderPdf('Certificado de Assinatura Eletrônica', (doc) =>
    writeCertificadoAssinatura(doc, {
      solicitacaoId: request.id,
      protocolo: resumo.protocolo,
      emitente: { nome: resumo.emitente.razao, documento: resumo.emitente.cnpj },
      sacado: { nome: request.sacado_nome, documento: request.sacado_cpf_cnpj },
      parcelas: resumo.parcelas.length,
      totalCents: resumo.totalCents,
      documento: { nome: request.original_name, sha256: request.documento_sha256, paginas, bytes: original.length },
      envio: { em: request.created_at, por: who ? `${who.usuario} (${who.loja})` : '', whatsapp: request.telefone, email: request.email, validoAte: request.expires_at },
      abertura: request.opened_at ? { em: request.opened_at, ip: request.opened_ip, userAgent: request.opened_user_agent } : null,
      assinatura: { em: signedAt, nome: signer.nome, documento: signer.documento, ip: signer.ip, userAgent: signer.userAgent, aceite: ASSINATURA_ACEITE },
      tipo,
      certificadoTitular: a1?.titular ?? null,
    }),
  );
  const signed = await buildSignedPdf(original, certificado, a1, {
    signingTime: signedAt,
    reason: `Aceite das duplicatas da garantia ${resumo.protocolo} por ${signer.nome}`,
    location: 'Brasil',
    contactInfo: resumo.emitente.razao,
  });
  const stored = await storePdf(storage, signed, request.original_name.replace(/\.pdf$/i, '') + '-assinadas.pdf', null);

  try {
    await db.transaction(async (tx) => {
      await tx.insert(storedFile).values(stored);
      const won = await tx
        .update(assinaturaSolicitacao)
        .set({
          status: 'ASSINADA',
          signed_at: signedAt,
          signer_nome: signer.nome,
          signer_cpf_cnpj: signer.documento,
          signer_ip: signer.ip,
          signer_user_agent: signer.userAgent,
          aceite_texto: ASSINATURA_ACEITE,
          tipo,
          certificado_titular: a1?.titular.slice(0, 300) ?? null,
          assinado_file_id: stored.id,
          assinado_sha256: stored.sha256,
        })
        .where(and(eq(assinaturaSolicitacao.id, request.id), eq(assinaturaSolicitacao.status, 'PENDENTE'), gt(assinaturaSolicitacao.expires_at, signedAt)))
        .returning({ id: assinaturaSolicitacao.id });
      if (!won.length) throw linkInvalido();
      await tx.insert(garantiaDuplicata).values({ garantia_id: request.garantia_id, file_id: stored.id, usuario_id: null });
      await tx.update(garantia).set({ possui_duplicata: 'S', updated_at: sql`now()` }).where(eq(garantia.id, request.garantia_id));
      const confirmacao = assinaturaConfirmacaoTexto({ nome: signer.nome, loja: who?.loja ?? resumo.emitente.razao, protocolo: resumo.protocolo, assinadoEm: signedAt, sha256: stored.sha256 });
      await enqueueMensagem(
        tx,
        jobs,
        { channel: 'email', to: request.email, subject: confirmacao.subject, text: confirmacao.text, entity: 'assinatura', entityId: request.id, tipo: 'assinatura', pessoaId: who?.pessoa_id ?? null, empresaId: who?.empresa_id ?? null },
        null,
      );
      await recordAudit(tx, { id: null, ip: client.ip }, {
        action: 'assinatura.assinar',
        entity: 'garantia',
        entityId: request.garantia_id,
        summary: { solicitacao_id: request.id, signer_nome: signer.nome, signer_cpf_cnpj: signer.documento, tipo, documento_sha256: request.documento_sha256, assinado_sha256: stored.sha256 },
      });
    });
  } catch (err) {
    await storage.remove(stored.storage_key).catch(() => undefined);
    throw err;
  }
  jobs.wake(sendMensagemJob);
  return { assinado_em: signedAt, documento_sha256: request.documento_sha256, assinado_sha256: stored.sha256, tipo };
}
