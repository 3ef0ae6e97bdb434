import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.js';
import { chooseMessaging } from './choose-messaging.js';
import { MessagingError } from './messaging.js';
import { webhookProvider } from './webhook-provider.js';

const log = { info: vi.fn() };
const message = { id: 42, channel: 'whatsapp' as const, to: '11987654321', text: 'Olá', subject: null, link: 'https://x.example/a' };

/** The adapter MESSAGING_* configure, as buildApp builds it. */
const fromEnv = (env: Record<string, string>) => chooseMessaging(loadConfig(env).messaging, log);

describe('MESSAGING_PROVIDER', () => {
  it('defaults to the outbox provider, which only logs', async () => {
    const adapter = fromEnv({});
    expect(adapter.name).toBe('outbox');
    await adapter.send(message);
    expect(log.info).toHaveBeenCalledWith(expect.objectContaining({ mensagem_id: 42, to: '11987654321', text: 'Olá' }), expect.any(String));
  });

  it('needs an http(s) URL for the webhook and refuses unknown providers', () => {
    expect(fromEnv({ MESSAGING_PROVIDER: 'webhook', MESSAGING_WEBHOOK_URL: 'https://gw.example/send' }).name).toBe('webhook');
    expect(() => fromEnv({ MESSAGING_PROVIDER: 'webhook' })).toThrow(/MESSAGING_WEBHOOK_URL/);
    expect(() => fromEnv({ MESSAGING_PROVIDER: 'webhook', MESSAGING_WEBHOOK_URL: 'ftp://x' })).toThrow(/MESSAGING_WEBHOOK_URL/);
    expect(() => fromEnv({ MESSAGING_PROVIDER: 'sms' })).toThrow('a variável MESSAGING_PROVIDER deve ser outbox ou webhook (recebido: sms).');
  });
});

describe('webhookProvider', () => {
  it('POSTs the JSON contract with the idempotency key and the token', async () => {
    const fetchFn = vi.fn<typeof fetch>(async () => new Response(null, { status: 204 }));
    await webhookProvider({ url: 'https://gw.example/send', token: 't0k', fetchFn }).send(message);
    const [url, init = {}] = fetchFn.mock.calls[0];
    expect(url).toBe('https://gw.example/send');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ 'content-type': 'application/json', 'idempotency-key': 'mensagem-42', authorization: 'Bearer t0k' });
    expect(JSON.parse(String(init.body))).toEqual({ id: 42, channel: 'whatsapp', to: '11987654321', subject: null, text: 'Olá', link: 'https://x.example/a' });
  });

  it('throws MessagingError on a non-2xx answer, a network error or a timeout', async () => {
    const refused = webhookProvider({ url: 'https://gw.example/send', fetchFn: async () => new Response('cota excedida', { status: 429 }) });
    await expect(refused.send(message)).rejects.toThrow(new MessagingError('webhook: HTTP 429 — cota excedida'));
    const down = webhookProvider({ url: 'https://gw.example/send', fetchFn: async () => { throw new TypeError('fetch failed'); } });
    await expect(down.send(message)).rejects.toThrow('webhook: fetch failed');
    const slow = webhookProvider({
      url: 'https://gw.example/send',
      timeoutMs: 20,
      fetchFn: (_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))),
    });
    await expect(slow.send(message)).rejects.toThrow('webhook: tempo esgotado (20 ms)');
  });
});
