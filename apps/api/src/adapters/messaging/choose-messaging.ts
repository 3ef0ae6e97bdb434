import type { MessagingAdapter } from './messaging.js';
import { outboxProvider } from './outbox-provider.js';
import { smtpProvider } from './smtp-provider.js';
import type { VerpSigner } from './verp.js';
import { webhookProvider } from './webhook-provider.js';
import { whatsappCloudProvider } from './whatsapp-cloud-provider.js';

type Log = { info(obj: object, msg?: string): void };

/** MESSAGING_*, SMTP_* and WHATSAPP_* as loadConfig validated them. */
export type MessagingSettings = {
  provider: 'outbox' | 'webhook';
  webhookUrl: string | null;
  webhookToken: string | null;
  timeoutMs: number;
  /** SMTP_URL, SMTP_FROM, SMTP_REPLY_TO (null: e-mail goes by MESSAGING_PROVIDER). */
  smtp?: { url: string; from: string; replyTo: string | null } | null;
  /** SMTP_BOUNCE_DOMAIN, BOUNCE_SMTP_PORT/HOST (null: no VERP, no bounce listener). */
  bounce?: { domain: string; port: number | null; host: string } | null;
  /** WHATSAPP_API_URL, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_TOKEN (null: WhatsApp goes by MESSAGING_PROVIDER). */
  whatsapp?: { apiUrl: string; phoneNumberId: string; token: string } | null;
};

/**
 * The provider of each channel, built once by buildApp (docs/messaging.md "Canais"): e-mail by SMTP
 * when SMTP_URL is set, WhatsApp by the Cloud API when WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID
 * are; a channel without its own provider goes by MESSAGING_PROVIDER — `outbox` (default: log only,
 * offline) or `webhook` (POST to MESSAGING_WEBHOOK_URL). Only the outbox job (mensagem.enviar) calls it.
 */
export function chooseMessaging(settings: MessagingSettings, log: Log, verp: VerpSigner | null = null): MessagingAdapter {
  const fallback = settings.provider === 'outbox' ? outboxProvider(log) : webhookFallback(settings);
  const email = settings.smtp ? smtpProvider({ ...settings.smtp, timeoutMs: Math.max(settings.timeoutMs, 30_000), verp }) : fallback;
  const whatsapp = settings.whatsapp ? whatsappCloudProvider({ ...settings.whatsapp, timeoutMs: settings.timeoutMs }) : fallback;
  if (email === fallback && whatsapp === fallback) return fallback;
  return {
    name: `${email.name}+${whatsapp.name}`,
    // the provider that carried it is the channel's own (the outbox records it per message)
    async send(message) {
      const target = message.channel === 'email' ? email : whatsapp;
      return (await target.send(message)) ?? { provider: target.name };
    },
  };
}

function webhookFallback(settings: MessagingSettings): MessagingAdapter {
  if (!settings.webhookUrl) throw new Error('MESSAGING_PROVIDER=webhook exige MESSAGING_WEBHOOK_URL (http:// ou https://)');
  return webhookProvider({ url: settings.webhookUrl, token: settings.webhookToken, timeoutMs: settings.timeoutMs });
}
