import { and, eq, sql } from 'drizzle-orm';
import type { MensagemStatus } from '@bg/domain';
import { messagingFromEnv } from '../../adapters/messaging/messaging-from-env.js';
import { mensagemOutbox } from '../../db/schema/index.js';
import { defineJob } from '../../jobs/index.js';

/** Send attempts before a message is given up (`falhou`): the first plus four retries, 30 s · 2ⁿ apart. */
export const MENSAGEM_MAX_ATTEMPTS = 5;
const MAX_ERROR_CHARS = 1000;

/**
 * Sends one outbox message through the provider of MESSAGING_PROVIDER (read at each run, so the
 * process environment decides). Delivery is at least once: a crash between the provider's answer
 * and our update sends it again, with the same id as the provider's idempotency key. The row is
 * updated only while `pendente`, so a redelivered job never overwrites the outcome.
 */
export const sendMensagemJob = defineJob<{ id: number }, { status: MensagemStatus; error?: string }>({
  kind: 'mensagem.enviar',
  retryLimit: MENSAGEM_MAX_ATTEMPTS - 1,
  retryDelaySeconds: 30,
  timeoutSeconds: 60,
  concurrency: 2,
  handler: async ({ id }, ctx) => {
    const [row] = await ctx.db.select().from(mensagemOutbox).where(eq(mensagemOutbox.id, id));
    if (!row) return { status: 'falhou', error: 'mensagem não encontrada' };
    if (row.status !== 'pendente') return { status: row.status };
    const adapter = messagingFromEnv(process.env, ctx.log);
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
  },
});
