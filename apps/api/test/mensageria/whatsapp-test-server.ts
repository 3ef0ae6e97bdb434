import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the WhatsApp Business Cloud API (docs/messaging.md cites Meta's shapes):
 *
 * - `POST /{version}/{phone-number-id}/messages` with `Authorization: Bearer <token>` and the Cloud
 *   API's JSON (`messaging_product: "whatsapp"`, `to`, `type` text | template | document…) answers
 *   `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id: "wamid…" }] }`, or the
 *   Graph API's error object when `refuse` says so;
 * - `POST /{version}/{phone-number-id}/media` (multipart) answers `{ id }`;
 * - `notify(url, value)` POSTs a webhook to the app the way Meta does — the
 *   `whatsapp_business_account` envelope, signed with `X-Hub-Signature-256` by the app secret.
 *
 *   const wa = await startWhatsappTestServer({ token: 't0k', appSecret: 's3cr3t' });
 *   loadConfig({ WHATSAPP_API_URL: wa.apiUrl, WHATSAPP_TOKEN: 't0k', WHATSAPP_PHONE_NUMBER_ID: wa.phoneNumberId, WHATSAPP_APP_SECRET: 's3cr3t' })
 */
export type CloudRequest = { path: string; authorization: string | undefined; contentType: string | undefined; body: Record<string, unknown> | null; raw: Buffer };

export type WhatsappTestServer = {
  port: number;
  /** WHATSAPP_API_URL (with a version segment, as the Graph API has). */
  apiUrl: string;
  phoneNumberId: string;
  requests: CloudRequest[];
  /** The message requests only (POST …/messages), in order. */
  messages(): Record<string, unknown>[];
  /** Answers a messages request with a Graph API error instead: `{ status, code, message, details }`. */
  refuse: (body: Record<string, unknown>) => { status: number; code: number; message: string; details?: string } | null;
  /** POSTs a webhook (`value` of one change) to `url`, signed with the app secret (or `signWith`). Answers the HTTP status. */
  notify(url: string, value: Record<string, unknown>, options?: { signWith?: string; raw?: string }): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
};

export function signWebhook(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Meta's envelope around one change's value. */
export function webhookEnvelope(phoneNumberId: string, value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [{ id: '102290129340398', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '551140000000', phone_number_id: phoneNumberId }, ...value } }] }],
  };
}

/** A status of a sent message as the webhook carries it. */
export function statusValue(wamid: string, status: 'sent' | 'delivered' | 'read' | 'failed', options: { to?: string; timestamp?: number; error?: { code: number; title: string; details?: string } } = {}) {
  return {
    statuses: [
      {
        id: wamid,
        status,
        timestamp: String(options.timestamp ?? Math.floor(Date.now() / 1000)),
        recipient_id: options.to ?? '5511987654321',
        ...(options.error ? { errors: [{ code: options.error.code, title: options.error.title, message: options.error.title, error_data: { details: options.error.details ?? options.error.title } }] } : {}),
      },
    ],
  };
}

/** A text message a person sent us. */
export function inboundTextValue(from: string, text: string, options: { wamid?: string; timestamp?: number; name?: string } = {}) {
  return {
    contacts: [{ profile: { name: options.name ?? 'Cliente' }, wa_id: from }],
    messages: [{ from, id: options.wamid ?? `wamid.${randomBytes(12).toString('hex')}`, timestamp: String(options.timestamp ?? Math.floor(Date.now() / 1000)), type: 'text', text: { body: text } }],
  };
}

export async function startWhatsappTestServer(options: { port?: number; token: string; appSecret: string; phoneNumberId?: string }): Promise<WhatsappTestServer> {
  const phoneNumberId = options.phoneNumberId ?? '106540352242922';
  const requests: CloudRequest[] = [];
  const state = { refuse: (() => null) as WhatsappTestServer['refuse'] };
  const read = (req: IncomingMessage) =>
    new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks)));
    });
  const server = createServer(async (req, res) => {
    const raw = await read(req);
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    let body: Record<string, unknown> | null = null;
    if ((req.headers['content-type'] ?? '').includes('application/json')) {
      try {
        body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      } catch {
        body = null;
      }
    }
    requests.push({ path: url.pathname, authorization: req.headers.authorization, contentType: req.headers['content-type'], body, raw });
    if (req.headers.authorization !== `Bearer ${options.token}`) {
      return json(401, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190, fbtrace_id: 'teste' } });
    }
    const match = /^\/v\d+\.\d+\/([^/]+)\/(messages|media)$/.exec(url.pathname);
    if (req.method !== 'POST' || !match || match[1] !== phoneNumberId) return json(404, { error: { message: 'Unknown path', type: 'GraphMethodException', code: 100 } });
    if (match[2] === 'media') return json(200, { id: `${Date.now()}${requests.length}` });
    if (!body || body.messaging_product !== 'whatsapp' || typeof body.to !== 'string' || typeof body.type !== 'string') {
      return json(400, { error: { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100, fbtrace_id: 'teste' } });
    }
    const refusal = state.refuse(body);
    if (refusal) {
      return json(refusal.status, { error: { message: refusal.message, type: 'OAuthException', code: refusal.code, error_data: { messaging_product: 'whatsapp', details: refusal.details ?? refusal.message }, fbtrace_id: 'teste' } });
    }
    json(200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: `wamid.${randomBytes(16).toString('hex')}` }] });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    apiUrl: `http://127.0.0.1:${port}/v21.0`,
    phoneNumberId,
    requests,
    messages: () => requests.filter((r) => r.path.endsWith('/messages') && r.body).map((r) => r.body!),
    get refuse() {
      return state.refuse;
    },
    set refuse(fn) {
      state.refuse = fn;
    },
    async notify(url, value, notifyOptions = {}) {
      const body = notifyOptions.raw ?? JSON.stringify(webhookEnvelope(phoneNumberId, value));
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhook(body, notifyOptions.signWith ?? options.appSecret) },
        body,
      });
      return { status: res.status, body: await res.text() };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
