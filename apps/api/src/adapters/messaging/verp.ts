import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * VERP (Variable Envelope Return Path, https://cr.yp.to/proto/verp.txt): each e-mail's envelope
 * sender — the Return-Path a bounce goes back to — names its own message, `bounces+<id>.<mac>@<domain>`,
 * so a DSN that arrives days later says which message failed without us reading its body. The mac
 * is 10 bytes of HMAC-SHA256 over the id (hex): a stranger cannot fail our messages by writing to
 * `bounces+123@…` (docs/messaging.md "Bounces").
 */
export type VerpSigner = {
  domain: string;
  /** The envelope sender for message `id`. */
  address(id: number): string;
  /** The message id a recipient address names, or null when it is not a valid signed bounce address of ours. */
  read(address: string): number | null;
};

const MAC_BYTES = 10;

export function verpSigner(secret: string, domain: string): VerpSigner {
  const host = domain.trim().toLowerCase();
  // a key of its own, derived: the same secret signs file links for another purpose
  const key = createHmac('sha256', secret).update('verp-bounce').digest();
  const mac = (id: number) => createHmac('sha256', key).update(String(id)).digest().subarray(0, MAC_BYTES);
  return {
    domain: host,
    address: (id) => `bounces+${id}.${mac(id).toString('hex')}@${host}`,
    read(address) {
      const m = /^bounces\+([1-9]\d{0,9})\.([0-9a-f]{20})@(.+)$/i.exec(address.trim());
      if (!m || m[3].toLowerCase() !== host) return null;
      const id = Number(m[1]);
      if (!Number.isSafeInteger(id) || id > 2_147_483_647) return null;
      const given = Buffer.from(m[2].toLowerCase(), 'hex');
      return timingSafeEqual(given, mac(id)) ? id : null;
    },
  };
}
