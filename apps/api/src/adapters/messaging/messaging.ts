import type { MensagemChannel } from '@bg/domain';

/**
 * WhatsApp / e-mail (DOMAIN.md Integrations). Features never call a provider directly: they put the
 * message in the outbox in their own transaction (modules/mensagem/enqueue-mensagem.ts) and a
 * background job hands it to the provider chosen by MESSAGING_PROVIDER (choose-messaging.ts).
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

/** The outbox row being sent: its id is the idempotency key a provider may use to drop a resend. */
export type OutboxMessage = OutgoingMessage & { id: number };

export interface MessagingAdapter {
  readonly name: string;
  /** Resolves when the provider accepted the message; throws (MessagingError) otherwise. */
  send(message: OutboxMessage): Promise<void>;
}

export class MessagingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MessagingError';
  }
}
