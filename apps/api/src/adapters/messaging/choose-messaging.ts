import type { MessagingAdapter } from './messaging.js';
import { outboxProvider } from './outbox-provider.js';
import { webhookProvider } from './webhook-provider.js';

type Log = { info(obj: object, msg?: string): void };

/** MESSAGING_* as loadConfig validated them (a webhook always has its http(s) URL). */
export type MessagingSettings = {
  provider: 'outbox' | 'webhook';
  webhookUrl: string | null;
  webhookToken: string | null;
  timeoutMs: number;
};

/**
 * The provider of MESSAGING_PROVIDER, built once by buildApp: `outbox` (default: log only,
 * offline) or `webhook` (POST to MESSAGING_WEBHOOK_URL with MESSAGING_WEBHOOK_TOKEN and
 * MESSAGING_TIMEOUT_MS). Only the outbox job (mensagem.enviar) calls it.
 */
export function chooseMessaging(settings: MessagingSettings, log: Log): MessagingAdapter {
  if (settings.provider === 'outbox') return outboxProvider(log);
  if (!settings.webhookUrl) throw new Error('MESSAGING_PROVIDER=webhook exige MESSAGING_WEBHOOK_URL (http:// ou https://)');
  return webhookProvider({ url: settings.webhookUrl, token: settings.webhookToken, timeoutMs: settings.timeoutMs });
}
