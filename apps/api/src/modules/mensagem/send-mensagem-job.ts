import { and, desc, eq, gte } from 'drizzle-orm';
import { MENSAGEM_STATUSES_ENVIADA, type MensagemChannel, type MensagemStatus } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { emailDevolvido, mensagemConsentimento, mensagemOutbox, whatsappRecebida } from '../../db/schema/index.js';
import { jobKind, type JobContext } from '../../jobs/index.js';
import { MessagingError, type OutboxAttachment } from '../../adapters/messaging/messaging.js';
import { whatsappNumber } from '../../adapters/messaging/whatsapp-cloud-provider.js';
import { comRodapeDescadastro, emailHtml, emailTexto } from './modelos-email.js';
import { linkDescadastro } from './descadastro.js';
import { mudarEstado, registrarEvento } from './estado-mensagem.js';

/** Send attempts before a message is given up (`failed`): the first plus four retries, 30 s · 2ⁿ apart. */
export const MENSAGEM_MAX_ATTEMPTS = 5;
const MAX_ERROR_CHARS = 1000;
/** WhatsApp's customer-service window: free-form messages within 24 h of the person's last message. */
export const JANELA_WHATSAPP_MS = 24 * 3600 * 1000;

/** Sends one outbox message (policy in jobs/catalogue.ts: MENSAGEM_MAX_ATTEMPTS runs, 30 s · 2ⁿ apart). */
export const sendMensagemJob = jobKind<{ id: number }>('mensagem.enviar');

/** Whether the person at this number wrote to us in the last 24 h (whatsapp_recebida). */
export async function janelaWhatsappAberta(db: DbOrTx, recipient: string, now: Date): Promise<boolean> {
  const [last] = await db
    .select({ at: whatsappRecebida.recebida_em })
    .from(whatsappRecebida)
    .where(and(eq(whatsappRecebida.telefone, whatsappNumber(recipient)), gte(whatsappRecebida.recebida_em, new Date(now.getTime() - JANELA_WHATSAPP_MS))))
    .orderBy(desc(whatsappRecebida.recebida_em))
    .limit(1);
  return last !== undefined;
}

/** The person's latest choice on the channel, when it is to leave it (for the suppression's reason). */
async function recusa(db: DbOrTx, pessoaId: number, channel: MensagemChannel) {
  const [last] = await db
    .select({ aceito: mensagemConsentimento.aceito, origem: mensagemConsentimento.origem, created_at: mensagemConsentimento.created_at })
    .from(mensagemConsentimento)
    .where(and(eq(mensagemConsentimento.pessoa_id, pessoaId), eq(mensagemConsentimento.channel, channel)))
    .orderBy(desc(mensagemConsentimento.created_at), desc(mensagemConsentimento.id))
    .limit(1);
  return last && !last.aceito ? last : null;
}

/**
 * Sends one outbox message through the provider the configuration chose for its channel
 * (choose-messaging.ts) and moves it along its state machine (estado-mensagem.ts):
 *
 * - the person's consent is read again just before sending: a person who left the channel since the
 *   message was queued gets nothing, and the message is `suppressed` with the reason;
 * - the provider's id (SMTP Message-ID, wamid) is kept with `sent`;
 * - a permanent refusal (SMTP 5xx, a WhatsApp number that does not exist) is `failed` at once with
 *   the provider's code; a temporary one is recorded on the timeline and the job throws, so the queue
 *   retries it with backoff, until MENSAGEM_MAX_ATTEMPTS, then `failed`.
 *
 * Delivery is at least once: a crash between the provider's answer and our update sends it again,
 * with the same id as the provider's idempotency key. Only a `queued` message is touched, so a
 * redelivered job never overwrites an outcome.
 */
export async function sendMensagem({ id }: { id: number }, ctx: JobContext, deps: { baseUrl: string | null } = { baseUrl: null }): Promise<{ status: MensagemStatus; error?: string }> {
  const db = ctx.db;
  const [row] = await db.select().from(mensagemOutbox).where(eq(mensagemOutbox.id, id));
  if (!row) return { status: 'failed', error: 'mensagem não encontrada' };
  if (row.status !== 'queued') return { status: row.status };
  const now = ctx.clock.now();

  if (row.pessoa_id !== null) {
    const left = await recusa(db, row.pessoa_id, row.channel);
    if (left) {
      const reason = `A pessoa recusou o canal ${row.channel === 'whatsapp' ? 'WhatsApp' : 'e-mail'} em ${left.created_at.toISOString().slice(0, 10)} (origem: ${left.origem}).`;
      await mudarEstado(db, id, 'suppressed', { at: now, detalhe: reason, campos: { last_error: reason } });
      ctx.log.info({ mensagem_id: id, channel: row.channel, pessoa_id: row.pessoa_id }, 'mensagem suprimida: canal recusado');
      return { status: 'suppressed', error: reason };
    }
  }

  if (row.channel === 'email') {
    // an address a mail server refused for good in a late bounce (devolucao-email.ts) gets nothing more
    const [devolvido] = await db.select().from(emailDevolvido).where(eq(emailDevolvido.endereco, row.recipient.toLowerCase()));
    if (devolvido) {
      const reason = `O endereço ${row.recipient} foi recusado pelo servidor de destino em ${devolvido.created_at.toISOString().slice(0, 10)} (mensagem ${devolvido.mensagem_id}: ${devolvido.motivo}); não enviamos mais para ele.`;
      await mudarEstado(db, id, 'suppressed', { at: now, detalhe: reason, campos: { last_error: reason.slice(0, MAX_ERROR_CHARS) } });
      ctx.log.info({ mensagem_id: id, channel: row.channel }, 'mensagem suprimida: endereço devolvido');
      return { status: 'suppressed', error: reason };
    }
  }

  const adapter = ctx.messaging;
  const attempts = row.attempts + 1;
  const stillQueued = and(eq(mensagemOutbox.id, id), eq(mensagemOutbox.status, 'queued'));
  try {
    const attachments: OutboxAttachment[] = [];
    for (const a of row.anexos) {
      if (!(await ctx.storage.exists(a.key))) throw new MessagingError(`anexo não encontrado no armazenamento: ${a.filename}`, { permanent: true, code: 'ANEXO' });
      attachments.push({ filename: a.filename, contentType: a.content_type, open: () => ctx.storage.read(a.key) });
    }
    const email = row.channel === 'email';
    // every e-mail to a person says how to leave e-mail, in its footer and in its headers
    const descadastro = email && row.pessoa_id !== null && deps.baseUrl ? linkDescadastro(ctx.fileLinks, deps.baseUrl, id) : null;
    const result = await adapter.send({
      id,
      channel: row.channel,
      to: row.recipient,
      subject: row.subject,
      text: email ? emailTexto({ ...row, descadastro }) : row.text,
      link: row.link,
      html: email ? (row.html ? comRodapeDescadastro(row.html, descadastro) : emailHtml({ ...row, descadastro })) : null,
      unsubscribeUrl: descadastro,
      attachments,
      whatsappTemplate: row.whatsapp_template ? { name: row.whatsapp_template, variables: row.whatsapp_vars } : null,
      whatsappWindowOpen: row.channel === 'whatsapp' ? await janelaWhatsappAberta(db, row.recipient, now) : false,
    });
    const provider = (result?.provider ?? adapter.name).slice(0, 20);
    await mudarEstado(db, id, 'sent', {
      at: ctx.clock.now(),
      detalhe: [provider, result?.detail].filter(Boolean).join(': '),
      campos: { attempts, provider, provider_id: result?.providerId ?? null, sent_at: ctx.clock.now() },
    });
    return { status: 'sent' };
  } catch (err) {
    const error = (err instanceof Error ? err.message : String(err)).slice(0, MAX_ERROR_CHARS);
    const permanent = err instanceof MessagingError && err.permanent;
    const code = err instanceof MessagingError ? err.code : null;
    const final = permanent || attempts >= MENSAGEM_MAX_ATTEMPTS;
    const at = ctx.clock.now();
    if (final) {
      const why = permanent ? `recusada pelo provedor: ${error}` : `${attempts} tentativas sem sucesso: ${error}`;
      await mudarEstado(db, id, 'failed', { at, detalhe: why, campos: { attempts, last_error: error, erro_codigo: code } });
    } else {
      await db.transaction(async (tx) => {
        const updated = await tx.update(mensagemOutbox).set({ attempts, last_error: error, erro_codigo: code }).where(stillQueued).returning({ id: mensagemOutbox.id });
        if (updated.length) await registrarEvento(tx, id, 'retry', at, `tentativa ${attempts} de ${MENSAGEM_MAX_ATTEMPTS}: ${error}`);
      });
    }
    ctx.log.warn({ mensagem_id: id, provider: adapter.name, attempts, final, permanent, code, error }, 'mensagem não enviada');
    if (final) return { status: 'failed', error };
    throw err;
  }
}

/** Whether the provider carried the message (sent, delivered or read). */
export const foiEnviada = (status: MensagemStatus) => MENSAGEM_STATUSES_ENVIADA.includes(status);
