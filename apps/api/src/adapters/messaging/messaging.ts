import type { Readable } from 'node:stream';
import type { MensagemChannel } from '@bg/domain';

/**
 * WhatsApp / e-mail (DOMAIN.md Integrations; docs/messaging.md). Features never call a provider
 * directly: they put the message in the outbox in their own transaction
 * (modules/mensagem/enqueue-mensagem.ts) and a background job hands it to the provider the
 * configuration chose for its channel (choose-messaging.ts): SMTP for e-mail with SMTP_URL, the
 * WhatsApp Cloud API with WHATSAPP_TOKEN + WHATSAPP_PHONE_NUMBER_ID, else MESSAGING_PROVIDER.
 */
export type OutgoingMessage = {
  channel: MensagemChannel;
  /** Phone digits with DDD (whatsapp) or an e-mail address. */
  to: string;
  subject?: string | null;
  text: string;
  /** A page the message points to (signature link, receipt); providers may render it as a button. */
  link?: string | null;
};

/** A file sent with the message, opened when it is sent (a stored file, by its key). */
export type OutboxAttachment = { filename: string; contentType: string; open(): Readable };

/** An approved WhatsApp template (docs/messaging.md "WhatsApp: modelos aprovados") and its body variables, in order. */
export type WhatsappTemplate = { name: string; variables: string[] };

/** The outbox row being sent: its id is the idempotency key a provider may use to drop a resend. */
export type OutboxMessage = OutgoingMessage & {
  id: number;
  /** E-mail: the HTML body (the text body is `text`). */
  html?: string | null;
  /** E-mail: the descadastro address, sent as List-Unsubscribe with List-Unsubscribe-Post (RFC 8058). */
  unsubscribeUrl?: string | null;
  attachments?: OutboxAttachment[];
  /** WhatsApp: the template to use when the 24 h customer-service window is closed. */
  whatsappTemplate?: WhatsappTemplate | null;
  /** WhatsApp: whether the person wrote to us in the last 24 h (free-form messages allowed). */
  whatsappWindowOpen?: boolean;
};

/** What the provider answered: who carried the message and its id there (SMTP Message-ID, wamid). */
export type SendResult = { provider: string; providerId?: string | null; detail?: string | null };

export interface MessagingAdapter {
  readonly name: string;
  /** Resolves when the provider accepted the message; throws (MessagingError) otherwise. */
  send(message: OutboxMessage): Promise<SendResult | void>;
}

/**
 * A provider's refusal. `permanent`: sending again will not help (SMTP 5xx, an unknown WhatsApp
 * number, a template Meta does not know) — the message fails at once; otherwise (4xx, a timeout,
 * the network, a rate limit) the job retries with backoff. `code` is the provider's own (550, 131026).
 */
export class MessagingError extends Error {
  readonly permanent: boolean;
  readonly code: string | null;
  constructor(message: string, options: { permanent?: boolean; code?: string | number | null } = {}) {
    super(message);
    this.name = 'MessagingError';
    this.permanent = options.permanent ?? false;
    this.code = options.code == null ? null : String(options.code);
  }
}
