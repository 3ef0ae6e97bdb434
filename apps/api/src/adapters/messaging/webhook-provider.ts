import { MessagingError, type MessagingAdapter } from './messaging.js';

export type WebhookOptions = {
  url: string;
  /** Sent as `Authorization: Bearer <token>` when set (MESSAGING_WEBHOOK_TOKEN). */
  token?: string | null;
  timeoutMs?: number;
  fetchFn?: typeof fetch;
};

/**
 * MESSAGING_PROVIDER=webhook: POSTs each message as JSON to MESSAGING_WEBHOOK_URL, so production
 * plugs any WhatsApp/e-mail gateway behind one small HTTP endpoint (docs/cobranca.md "Messaging
 * outbox" documents the contract):
 *
 *   POST <url>   content-type: application/json   Idempotency-Key: mensagem-<id>
 *   { "id": 42, "channel": "whatsapp" | "email", "to": "11987654321", "subject": null,
 *     "text": "…", "link": null }
 *
 * Any 2xx is "accepted"; anything else, a timeout or a network error throws, and the job retries
 * with backoff. The same id may arrive twice (at-least-once delivery): the gateway drops repeats by
 * the Idempotency-Key.
 */
export function webhookProvider(options: WebhookOptions): MessagingAdapter {
  const fetchFn = options.fetchFn ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    name: 'webhook',
    async send(message) {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'idempotency-key': `mensagem-${message.id}`,
        'user-agent': 'boleto-garantido-outbox',
      };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const body = JSON.stringify({
        id: message.id,
        channel: message.channel,
        to: message.to,
        subject: message.subject ?? null,
        text: message.text,
        link: message.link ?? null,
      });
      let res: Response;
      try {
        res = await fetchFn(options.url, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) });
      } catch (err) {
        const timedOut = (err as Error)?.name === 'TimeoutError' || (err as Error)?.name === 'AbortError';
        throw new MessagingError(timedOut ? `webhook: tempo esgotado (${timeoutMs} ms)` : `webhook: ${(err as Error)?.message ?? String(err)}`);
      }
      if (!res.ok) {
        const detail = (await res.text().catch(() => '')).slice(0, 300);
        throw new MessagingError(`webhook: HTTP ${res.status}${detail ? ` — ${detail}` : ''}`);
      }
      await res.body?.cancel().catch(() => undefined);
    },
  };
}
