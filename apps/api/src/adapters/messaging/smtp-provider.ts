import { createTransport } from 'nodemailer';
import { MessagingError, type MessagingAdapter } from './messaging.js';
import type { VerpSigner } from './verp.js';

export type SmtpOptions = {
  /**
   * SMTP_URL: `smtp://user:pass@host:587` (STARTTLS when the server offers it; `?requireTLS=true`
   * refuses a server that does not) or `smtps://user:pass@host:465` (TLS from the first byte).
   * User and password are percent-encoded in the URL.
   */
  url: string;
  /** SMTP_FROM: `Boleto Garantido <cobranca@example.com.br>` or a bare address. */
  from: string;
  /** SMTP_REPLY_TO: where answers go (unset: to From). */
  replyTo?: string | null;
  /** Connection, greeting and socket timeout, ms (MESSAGING_TIMEOUT_MS). */
  timeoutMs?: number;
  /** SMTP_BOUNCE_DOMAIN's signer: the envelope sender names the message (null: the From is the Return-Path). */
  verp?: VerpSigner | null;
};

/** The domain of the From address, for our Message-IDs. */
function fromDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.split('@')[1]?.trim().toLowerCase() || 'boleto-garantido.invalid';
}

/**
 * E-mail over SMTP with nodemailer (docs/messaging.md "Canais"): one connection per message (the
 * outbox job sends two at a time, no pool to keep alive between bursts), text and HTML bodies,
 * the attachments read from storage as the message is written. The Message-ID is ours
 * (`<mensagem-<id>@<domain of From>>`), so a resend after a crash is recognisable in the mailbox.
 *
 * The server's answer decides what happens next (RFC 5321 §4.2.1): a 5xx reply is a permanent
 * refusal (the mailbox does not exist, the message was rejected as spam) and the message fails at
 * once with the code; a 4xx reply (greylisting, a full mailbox, a rate limit), a timeout or a
 * connection error is temporary and the job retries with backoff. Bounces that arrive later by
 * e-mail (DSNs) are read when SMTP_BOUNCE_DOMAIN is set: the envelope sender is then the message's
 * signed VERP address and the bounce listener (inbound/bounce-listener.ts) fails the message.
 */
export function smtpProvider(options: SmtpOptions): MessagingAdapter {
  const timeout = options.timeoutMs ?? 30_000;
  const domain = fromDomain(options.from);
  return {
    name: 'smtp',
    async send(message) {
      if (message.channel !== 'email') throw new MessagingError('smtp: só envia e-mail', { permanent: true });
      const transport = createTransport({ url: options.url, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout });
      try {
        const info = await transport.sendMail({
          from: options.from,
          replyTo: options.replyTo ?? undefined,
          to: message.to,
          subject: message.subject ?? '',
          text: message.text,
          html: message.html ?? undefined,
          messageId: `<mensagem-${message.id}@${domain}>`,
          // VERP: a bounce that comes back later goes to an address naming this message (bounce-listener.ts)
          envelope: options.verp ? { from: options.verp.address(message.id), to: message.to } : undefined,
          // RFC 2369 + RFC 8058: the mail client's own "unsubscribe" posts to our signed address
          headers: message.unsubscribeUrl ? { 'List-Unsubscribe': `<${message.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined,
          attachments: (message.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.open() })),
        });
        return { provider: 'smtp', providerId: info.messageId ?? null, detail: typeof info.response === 'string' ? info.response.slice(0, 300) : null };
      } catch (err) {
        throw smtpError(err);
      } finally {
        transport.close();
      }
    },
  };
}

/** nodemailer's error as ours: 5xx permanent (but 503, a sequence error), everything else temporary. */
function smtpError(err: unknown): MessagingError {
  const e = err as { message?: string; responseCode?: number; response?: string; code?: string };
  const code = typeof e.responseCode === 'number' ? e.responseCode : null;
  const permanent = code !== null && code >= 500 && code < 600 && code !== 503;
  const text = (e.response ?? e.message ?? String(err)).replace(/\s+/g, ' ').trim();
  if (code !== null) return new MessagingError(`smtp: ${text}`, { permanent, code });
  return new MessagingError(`smtp: ${text}${e.code ? ` (${e.code})` : ''}`, { permanent: false, code: e.code ?? null });
}
