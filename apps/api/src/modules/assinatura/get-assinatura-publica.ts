import { and, eq, isNull, sql } from 'drizzle-orm';
import { ASSINATURA_ACEITE, fromCents, maskDocument } from '@bg/domain';
import type { FileStorage } from '../../adapters/storage/file-storage.js';
import type { Db } from '../../db/client.js';
import { assinaturaSolicitacao } from '../../db/schema/index.js';
import { recordAudit } from '../audit/record-audit.js';
import { admitPublicCall, type PublicClient } from './public-access.js';
import { openRequestByToken, verifiedDocument } from './signing-link.js';

export type PublicDeps = { db: Db; storage: FileStorage; log: { error(obj: object, msg?: string): void } };

/**
 * GET /api/assinatura/{token} (public): who is asked to sign, the duplicatas' summary and the
 * SHA-256 of the document, after checking the link and the stored file. The first call records
 * the opening (time, IP, browser) as evidence.
 */
export async function getAssinaturaPublica(deps: PublicDeps, token: string, client: PublicClient) {
  await admitPublicCall(deps.db, client);
  const request = await openRequestByToken(deps.db, token, client);
  await verifiedDocument(deps.storage, request, deps.log);
  await deps.db.transaction(async (tx) => {
    const first = await tx
      .update(assinaturaSolicitacao)
      .set({ opened_at: sql`now()`, opened_ip: client.ip.slice(0, 64), opened_user_agent: client.userAgent?.slice(0, 300) ?? null })
      .where(and(eq(assinaturaSolicitacao.id, request.id), isNull(assinaturaSolicitacao.opened_at)))
      .returning({ id: assinaturaSolicitacao.id });
    if (first.length) {
      await recordAudit(tx, { id: null, ip: client.ip }, { action: 'assinatura.abrir', entity: 'garantia', entityId: request.garantia_id, summary: { solicitacao_id: request.id, user_agent: client.userAgent } });
    }
  });
  const r = request.documento_resumo;
  return {
    signatario: { nome: request.sacado_nome, documento: maskDocument(request.sacado_cpf_cnpj) },
    emitente: r.emitente,
    documento: {
      protocolo: r.protocolo,
      emissao: r.emissao,
      parcelas: r.parcelas.map((p) => ({ numero: p.numero, valor: fromCents(p.valorCents), vencimento: p.vencimento })),
      total: fromCents(r.totalCents),
      sha256: request.documento_sha256,
      tamanho: r.tamanho,
    },
    expires_at: request.expires_at,
    aceite: ASSINATURA_ACEITE,
  };
}

/**
 * GET /api/assinatura/{token}/documento (public): the duplicatas PDF exactly as stored when the
 * link was sent (its SHA-256 checked first). The first download is recorded.
 */
export async function getDocumentoPublico(deps: PublicDeps, token: string, client: PublicClient) {
  await admitPublicCall(deps.db, client);
  const request = await openRequestByToken(deps.db, token, client);
  const bytes = await verifiedDocument(deps.storage, request, deps.log);
  await deps.db
    .update(assinaturaSolicitacao)
    .set({ documento_aberto_em: sql`now()` })
    .where(and(eq(assinaturaSolicitacao.id, request.id), isNull(assinaturaSolicitacao.documento_aberto_em)));
  return { bytes, nome: request.original_name };
}
