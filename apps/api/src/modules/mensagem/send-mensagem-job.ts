import { and, eq, sql } from 'drizzle-orm';
import type { MensagemStatus } from '@bg/domain';
import { mensagemOutbox } from '../../db/schema/index.js';
import { jobKind, type JobContext } from '../../jobs/index.js';

/** Send attempts before a message is given up (`falhou`): the first plus four retries, 30 s · 2ⁿ apart. */
export const MENSAGEM_MAX_ATTEMPTS = 5;
const MAX_ERROR_CHARS = 1000;

/** Sends one outbox message (policy in jobs/catalogue.ts: MENSAGEM_MAX_ATTEMPTS runs, 30 s · 2ⁿ apart). */
export const sendMensagemJob = jobKind<{ id: number }>('mensagem.enviar');

/**
 * Sends one outbox message through the app's messaging adapter (MESSAGING_PROVIDER, built once by
 * buildApp). Delivery is at least once: a crash between the provider's answer and our update sends
 * it again, with the same id as the provider's idempotency key. The row is updated only while
 * `pendente`, so a redelivered job never overwrites the outcome.
 */
export async function sendMensagem({ id }: { id: number }, ctx: JobContext): Promise<{ status: MensagemStatus; error?: string }> {
  const [row] = await ctx.db.select().from(mensagemOutbox).where(eq(mensagemOutbox.id, id));
  if (!row) return { status: 'falhou', error: 'mensagem não encontrada' };
  if (row.status !== 'pendente') return { status: row.status };
  const adapter = ctx.messaging;
  const attempts = row.attempts + 1;
  const stillPending = and(eq(mensagemOutbox.id, id), eq(mensagemOutbox.status, 'pendente'));
  try {
    await adapter.send({ id, channel: row.channel, to: row.recipient, subject: row.subject, text: row.text, link: row.link });
  } catch (err) {
    const error = (err instanceof Error ? err.message : String(err)).slice(0, MAX_ERROR_CHARS);
    const final = attempts >= MENSAGEM_MAX_ATTEMPTS;
    await ctx.db
      .update(mensagemOutbox)
      .set({ attempts, last_error: error, status: final ? 'falhou' : 'pendente' })
      .where(stillPending);
    ctx.log.warn({ mensagem_id: id, provider: adapter.name, attempts, final, error }, 'mensagem não enviada');
    if (final) return { status: 'falhou', error };
    throw err;
  }
  await ctx.db.update(mensagemOutbox).set({ status: 'enviada', attempts, sent_at: sql`now()` }).where(stillPending);
  return { status: 'enviada' };
}
