import { isValidPhone, MENSAGEM_TIPOS, MSG, onlyDigits, type MensagemTipo } from '@bg/domain';
import { AppError } from '../../errors/app-error.js';
import type { Tx } from '../../db/client.js';
import { mensagemEvento, mensagemOutbox } from '../../db/schema/index.js';
import type { JobQueue } from '../../jobs/index.js';
import type { OutgoingMessage, WhatsappTemplate } from '../../adapters/messaging/messaging.js';
import { sendMensagemJob } from './send-mensagem-job.js';

export type MensagemInput = OutgoingMessage & {
  /** What the message is about, for the outbox list and for finding it again ('spc_inclusao', 'garantia'). */
  entity?: string | null;
  entityId?: string | number | null;
  /** The person and shop it is for (the régua's one-a-day rule, opt-outs, the Mensagens filters). */
  pessoaId?: number | null;
  empresaId?: number | null;
  /** Its kind; the LGPD basis recorded with it follows from the kind (MENSAGEM_TIPOS). Default 'outro'. */
  tipo?: MensagemTipo;
  /** E-mail: an HTML body of its own (default: the house layout around `text` and `link`, modelos-email.ts). */
  html?: string | null;
  /** Stored files to send with it, by storage key, read when it is sent (a boleto's PDF, a letter). */
  anexos?: { key: string; filename: string; contentType?: string }[];
  /**
   * WhatsApp: the approved template to use outside the 24 h window, and its body variables in order
   * (modelos-whatsapp.ts lists the registered ones). Without it the text goes as `bg_mensagem`.
   */
  whatsappTemplate?: WhatsappTemplate | null;
};

/**
 * THE way a feature sends a WhatsApp or e-mail: call it inside the use-case's transaction. The
 * outbox row and its send job are written in that transaction, so the message exists exactly when
 * the change that asked for it commits (no message about a rolled-back change, no change without
 * its message). After the commit, `jobs.wake(sendMensagemJob)` starts the send at once (otherwise
 * the worker's next poll, ≤ 1 s). Answers the outbox id.
 *
 *   await db.transaction(async (tx) => {
 *     … the use-case's own writes …
 *     await enqueueMensagem(tx, jobs, { channel: 'whatsapp', to: '11987654321', text: '…', link }, actor);
 *   });
 *   jobs.wake(sendMensagemJob);
 */
export async function enqueueMensagem(tx: Tx, jobs: JobQueue, message: MensagemInput, actor: { id: number } | null): Promise<{ id: number }> {
  const to = message.channel === 'whatsapp' ? onlyDigits(message.to) : message.to.trim();
  // a bad recipient is bad input of the use-case that asked (422), never a message nobody can receive
  if (message.channel === 'whatsapp' && !isValidPhone(to)) throw new AppError('VALIDATION', `Telefone inválido para WhatsApp: ${message.to}`, { errors: { to: MSG.phoneInvalid } });
  if (message.channel === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(to)) throw new AppError('VALIDATION', `E-mail inválido: ${message.to}`, { errors: { to: MSG.emailInvalid } });
  const [row] = await tx
    .insert(mensagemOutbox)
    .values({
      channel: message.channel,
      recipient: to,
      subject: message.subject ?? null,
      text: message.text,
      link: message.link ?? null,
      entity: message.entity ?? null,
      entity_id: message.entityId == null ? null : String(message.entityId),
      created_by: actor?.id ?? null,
      pessoa_id: message.pessoaId ?? null,
      empresa_id: message.empresaId ?? null,
      tipo: message.tipo ?? 'outro',
      base_legal: MENSAGEM_TIPOS[message.tipo ?? 'outro'],
      html: message.html ?? null,
      anexos: (message.anexos ?? []).map((a) => ({ key: a.key, filename: a.filename, content_type: a.contentType ?? 'application/pdf' })),
      whatsapp_template: message.whatsappTemplate?.name ?? null,
      whatsapp_vars: message.whatsappTemplate?.variables ?? [],
    })
    .returning({ id: mensagemOutbox.id, created_at: mensagemOutbox.created_at });
  await tx.insert(mensagemEvento).values({ mensagem_id: row.id, status: 'queued', at: row.created_at });
  await jobs.enqueue(tx, sendMensagemJob, { id: row.id }, { actor });
  return { id: row.id };
}

export { sendMensagemJob };
