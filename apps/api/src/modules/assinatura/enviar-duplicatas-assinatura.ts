import { and, eq, sql } from 'drizzle-orm';
import { ASSINATURA_MSG, assinaturaConviteTexto, formatProtocol, GARANTIA_STATUS, PAYABLE_SITUACOES } from '@bg/domain';
import type { FileStorage } from '../../adapters/storage/file-storage.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { assinaturaSolicitacao, boleto, empresa, garantia, storedFile, type DocumentoResumo } from '../../db/schema/index.js';
import { AppError, notFound, wrongState } from '../../errors/app-error.js';
import type { JobQueue } from '../../jobs/index.js';
import { duplicataNumero, writeDuplicatas } from '../../pdf/duplicata-pdf.js';
import { renderPdf } from '../../pdf/render-pdf.js';
import type { Actor } from '../../shared/actor.js';
import type { Clock } from '../../shared/clock.js';
import { recordAudit } from '../audit/record-audit.js';
import { duplicataData } from '../boletos/duplicata-data.js';
import { enqueueMensagem, sendMensagemJob } from '../mensagem/enqueue-mensagem.js';
import { assertWritable } from '../tenancy/assert-writable.js';
import { newSigningToken } from './signing-token.js';
import { storePdf } from './store-pdf.js';

export type EnvioDeps = { db: Db; storage: FileStorage; jobs: JobQueue; clock: Clock; linkTtlDays: number };

const DAY_MS = 24 * 3600 * 1000;

async function assertNotSigned(db: Db | Tx, garantiaId: number): Promise<void> {
  const [signed] = await db
    .select({ id: assinaturaSolicitacao.id })
    .from(assinaturaSolicitacao)
    .where(and(eq(assinaturaSolicitacao.garantia_id, garantiaId), eq(assinaturaSolicitacao.status, 'ASSINADA')));
  if (signed) throw new AppError('CONFLICT', ASSINATURA_MSG.jaAssinada);
}

/**
 * POST /api/boleto/getDuplicataAssinatura/{garantiaId} {email, telefone} ("Assinatura digital").
 * 1. Only an APROVADO guarantee (released or not: the customer signs before paying), not yet signed.
 * 2. The duplicatas PDF is generated once, stored and hashed: the signing page serves exactly
 *    these bytes, and the signature refers to this hash.
 * 3. One transaction (guarantee locked): a still-open earlier link is replaced (SUBSTITUIDA), the
 *    request is stored with the SHA-256 of a fresh 256-bit token, and the WhatsApp and e-mail
 *    messages carrying the link are put in the outbox (sent by the job after the commit).
 */
/**
 * A signature is asked only while the sale's instalments can still be paid (DOMAIN.md "Seams"):
 * before their release, or while one is DISPONÍVEL, ENVIADO PARA REGISTRO or GARANTIDO — never for
 * a guarantee whose boletos are all liquidated, written off, cancelled or quitados.
 */
async function assertSomethingPayable(db: DbOrTx, garantiaId: number): Promise<void> {
  const rows = await db.select({ situacao: boleto.situacao }).from(boleto).where(eq(boleto.garantia_id, garantiaId));
  if (rows.length && !rows.some((r) => r.situacao === null || PAYABLE_SITUACOES.includes(r.situacao))) throw wrongState(ASSINATURA_MSG.nadaAPagar);
}

export async function enviarDuplicatasAssinatura(deps: EnvioDeps, actor: Actor, garantiaId: number, input: { email: string; telefone: string }, origin: string) {
  const { db, storage, jobs } = deps;
  const [g] = await db
    .select({ id: garantia.id, digito: garantia.digito, empresa_id: garantia.empresa_id, pessoa_id: garantia.pessoa_id, status: garantia.status, loja: empresa.fantasia })
    .from(garantia)
    .innerJoin(empresa, eq(empresa.id, garantia.empresa_id))
    .where(eq(garantia.id, garantiaId));
  // sending is a change of the guarantee: its own empresa's users, or an administrador (404 outside
  // the actor's sight; a franqueado is told its franchisee's guarantee is read-only)
  await assertWritable(db, actor, g?.empresa_id, 'Garantia');
  if (!g) throw notFound('Garantia');
  if (g.status !== GARANTIA_STATUS.APROVADO) throw wrongState(ASSINATURA_MSG.somenteAprovada);
  await assertNotSigned(db, garantiaId);
  await assertSomethingPayable(db, garantiaId);

  const data = await duplicataData(db, actor, garantiaId);
  const protocolo = formatProtocol(g.id, g.digito);
  const pdf = await renderPdf(`Duplicatas da garantia ${protocolo}`, (doc) => writeDuplicatas(doc, data));
  const stored = await storePdf(storage, pdf, `duplicatas-${protocolo}.pdf`, actor.id);
  const resumo: DocumentoResumo = {
    protocolo,
    emissao: data.emissao,
    emitente: { razao: data.emitente.nome, cnpj: data.emitente.documento },
    parcelas: data.parcelas.map((p) => ({ numero: duplicataNumero(data, p.parcela), valorCents: p.valorCents, vencimento: p.vencimento })),
    totalCents: data.parcelas.reduce((sum, p) => sum + p.valorCents, 0),
    tamanho: pdf.length,
  };
  const { token, hash } = newSigningToken();
  const expiresAt = new Date(deps.clock.now().getTime() + deps.linkTtlDays * DAY_MS);
  const link = `${origin}/assinatura/${token}`;
  const convite = assinaturaConviteTexto({
    nome: data.sacado.nome, loja: g.loja, protocolo, parcelas: resumo.parcelas.length, totalCents: resumo.totalCents, link, expiraEm: expiresAt,
  });

  try {
    const result = await db.transaction(async (tx) => {
      // concurrent sends for one guarantee queue here; the second replaces the first's link
      const [locked] = await tx.select({ status: garantia.status }).from(garantia).where(eq(garantia.id, garantiaId)).for('update');
      if (locked?.status !== GARANTIA_STATUS.APROVADO) throw wrongState(ASSINATURA_MSG.somenteAprovada);
      await assertNotSigned(tx, garantiaId);
      await assertSomethingPayable(tx, garantiaId);
      const replaced = await tx
        .update(assinaturaSolicitacao)
        .set({ status: 'SUBSTITUIDA', substituida_em: sql`now()` })
        .where(and(eq(assinaturaSolicitacao.garantia_id, garantiaId), eq(assinaturaSolicitacao.status, 'PENDENTE')))
        .returning({ id: assinaturaSolicitacao.id });
      await tx.insert(storedFile).values(stored);
      const [row] = await tx
        .insert(assinaturaSolicitacao)
        .values({
          garantia_id: garantiaId,
          token_hash: hash,
          expires_at: expiresAt,
          email: input.email,
          telefone: input.telefone,
          sacado_nome: data.sacado.nome,
          sacado_cpf_cnpj: data.sacado.documento,
          documento_file_id: stored.id,
          documento_sha256: stored.sha256,
          documento_resumo: resumo,
          created_by: actor.id,
          created_ip: actor.ip,
        })
        .returning({ id: assinaturaSolicitacao.id });
      const about = { link, entity: 'assinatura', entityId: row.id, tipo: 'assinatura' as const, pessoaId: g.pessoa_id, empresaId: g.empresa_id };
      const whatsapp = await enqueueMensagem(tx, jobs, { channel: 'whatsapp', to: input.telefone, text: convite.text, ...about }, actor);
      const email = await enqueueMensagem(tx, jobs, { channel: 'email', to: input.email, subject: convite.subject, text: convite.text, ...about }, actor);
      await tx
        .update(assinaturaSolicitacao)
        .set({ mensagem_whatsapp_id: whatsapp.id, mensagem_email_id: email.id })
        .where(eq(assinaturaSolicitacao.id, row.id));
      await recordAudit(tx, actor, {
        action: 'assinatura.enviar',
        entity: 'garantia',
        entityId: garantiaId,
        summary: {
          solicitacao_id: row.id,
          email: input.email,
          telefone: input.telefone,
          documento_sha256: stored.sha256,
          expires_at: expiresAt.toISOString(),
          mensagens: [whatsapp.id, email.id],
          substituidas: replaced.map((r) => r.id),
        },
      });
      return { id: row.id, expires_at: expiresAt, mensagens: [whatsapp.id, email.id] };
    });
    jobs.wake(sendMensagemJob);
    return result;
  } catch (err) {
    await storage.remove(stored.storage_key).catch(() => undefined);
    // the partial unique index on PENDENTE settles a race the lock did not see (it always should)
    if ((err as { code?: string; cause?: { code?: string } }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') {
      throw new AppError('CONFLICT', ASSINATURA_MSG.envioEmAndamento);
    }
    throw err;
  }
}
