import type { MessagingAdapter } from './messaging.js';

type Log = { info(obj: object, msg?: string): void };

/**
 * The offline default (MESSAGING_PROVIDER=outbox): nothing leaves the machine. The message is
 * printed to the log and, once send() resolves, the job marks it `enviada`; the outbox table is
 * the record of what would have been sent (listed by GET /api/mensagem/getAllPaginate).
 */
export function outboxProvider(log: Log): MessagingAdapter {
  return {
    name: 'outbox',
    async send(message) {
      log.info(
        { mensagem_id: message.id, channel: message.channel, to: message.to, subject: message.subject ?? null, link: message.link ?? null, text: message.text },
        'mensagem (outbox local, não enviada a um provedor)',
      );
    },
  };
}
