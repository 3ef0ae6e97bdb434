import { and, eq } from 'drizzle-orm';
import { ASSINATURA_MSG } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { mensagemOutbox, mensagemReenvio } from '../../db/schema/index.js';
import { AppError, notFound, wrongState } from '../../errors/app-error.js';
import type { JobQueue } from '../../jobs/index.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { canalRecusado } from './consentimento.js';
import { enqueueMensagem, sendMensagemJob } from './enqueue-mensagem.js';
import { ADMIN_ONLY, assertAdmin } from '../tenancy/access.js';

/**
 * POST /api/mensagem/reenviar/{id} (administrador; Administração > Mensagens). A message already
 * sent, failed or suppressed is queued again as a NEW outbox message (same channel, recipient, text, link and
 * subject): a new id is a new idempotency key, so a gateway that dropped repeats of the old one
 * still delivers it, and the original keeps its own outcome. The resend is recorded
 * (mensagem_reenvio, audit). Guarded: the original is locked, a message still queued cannot be
 * resent, nor one whose previous resend is still in the queue (two clicks make one resend), nor one
 * to a person who left the channel (it would only be suppressed again).
 */
export async function reenviarMensagem(db: Db, jobs: JobQueue, actor: Actor, id: number) {
  assertAdmin(actor, ADMIN_ONLY);
  const result = await db.transaction(async (tx) => {
    const [original] = await tx.select().from(mensagemOutbox).where(eq(mensagemOutbox.id, id)).for('update');
    if (!original) throw notFound('Mensagem');
    if (original.status === 'queued') throw wrongState(ASSINATURA_MSG.reenvioSomenteFinal);
    // a message suppressed by an opt-out goes again only once the person came back to the channel
    if (original.pessoa_id !== null && (await canalRecusado(tx, original.pessoa_id, original.channel))) throw new AppError('CONFLICT', ASSINATURA_MSG.reenvioCanalRecusado);
    const [queued] = await tx
      .select({ id: mensagemOutbox.id })
      .from(mensagemReenvio)
      .innerJoin(mensagemOutbox, eq(mensagemOutbox.id, mensagemReenvio.nova_mensagem_id))
      .where(and(eq(mensagemReenvio.mensagem_id, id), eq(mensagemOutbox.status, 'queued')));
    if (queued) throw new AppError('CONFLICT', ASSINATURA_MSG.reenvioPendente);
    const copy = await enqueueMensagem(
      tx,
      jobs,
      {
        channel: original.channel,
        to: original.recipient,
        subject: original.subject,
        text: original.text,
        link: original.link,
        entity: original.entity,
        entityId: original.entity_id,
        pessoaId: original.pessoa_id,
        empresaId: original.empresa_id,
        tipo: original.tipo,
        html: original.html,
        anexos: original.anexos.map((a) => ({ key: a.key, filename: a.filename, contentType: a.content_type })),
        whatsappTemplate: original.whatsapp_template ? { name: original.whatsapp_template, variables: original.whatsapp_vars } : null,
      },
      actor,
    );
    await tx.insert(mensagemReenvio).values({ mensagem_id: id, nova_mensagem_id: copy.id, usuario_id: actor.id });
    await recordAudit(tx, actor, {
      action: 'mensagem.reenviar',
      entity: 'mensagem',
      entityId: id,
      summary: { nova_mensagem_id: copy.id, channel: original.channel, recipient: original.recipient, status_anterior: original.status, last_error: original.last_error },
    });
    return { id: copy.id, reenvio_de: id };
  });
  jobs.wake(sendMensagemJob);
  return result;
}
