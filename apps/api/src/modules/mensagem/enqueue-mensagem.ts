import { isValidPhone, MENSAGEM_TIPOS, MSG, onlyDigits, type MensagemTipo } from '@bg/domain';
import { AppError } from '../../errors/app-error.js';
import type { Tx } from '../../db/client.js';
import { mensagemOutbox } from '../../db/schema/index.js';
import type { JobQueue } from '../../jobs/index.js';
import type { OutgoingMessage } from '../../adapters/messaging/messaging.js';
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
    })
    .returning({ id: mensagemOutbox.id });
  await jobs.enqueue(tx, sendMensagemJob, { id: row.id }, { actor });
  return { id: row.id };
}

export { sendMensagemJob };
