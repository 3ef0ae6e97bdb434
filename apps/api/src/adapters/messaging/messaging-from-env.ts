import type { MessagingAdapter } from './messaging.js';
import { outboxProvider } from './outbox-provider.js';
import { webhookProvider } from './webhook-provider.js';

type Log = { info(obj: object, msg?: string): void };

/**
 * Chooses the provider by MESSAGING_PROVIDER: `outbox` (default: log only, offline) or `webhook`
 * (POST to MESSAGING_WEBHOOK_URL, optional MESSAGING_WEBHOOK_TOKEN and MESSAGING_TIMEOUT_MS). A
 * bad value is a configuration error and fails at start, never silently drops messages.
 */
export function messagingFromEnv(env: NodeJS.ProcessEnv, log: Log): MessagingAdapter {
  const provider = env.MESSAGING_PROVIDER || 'outbox';
  if (provider === 'outbox') return outboxProvider(log);
  if (provider === 'webhook') {
    const url = env.MESSAGING_WEBHOOK_URL;
    if (!url || !/^https?:\/\//.test(url)) throw new Error('MESSAGING_PROVIDER=webhook exige MESSAGING_WEBHOOK_URL (http:// ou https://)');
    const timeout = Number(env.MESSAGING_TIMEOUT_MS);
    return webhookProvider({ url, token: env.MESSAGING_WEBHOOK_TOKEN || null, timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : 10_000 });
  }
  throw new Error(`MESSAGING_PROVIDER desconhecido: ${provider} (use outbox ou webhook)`);
}
