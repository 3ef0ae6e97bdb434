import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../src/config.js';
import { mensagemOutbox } from '../../src/db/schema/index.js';
import { enqueueMensagem, sendMensagemJob } from '../../src/modules/mensagem/enqueue-mensagem.js';
import { createTestApp, type TestApp } from '../harness.js';
import { get, until } from './support.js';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['userWithToken']>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithToken({ nivel: '2' });
});
afterAll(async () => t?.close());

const send = (message: Parameters<typeof enqueueMensagem>[2]) =>
  t.database.db.transaction((tx) => enqueueMensagem(tx, t.app.jobs, message, { id: admin.user.id }));
const row = async (id: number) => (await t.database.db.select().from(mensagemOutbox).where(eq(mensagemOutbox.id, id)))[0];

describe('messaging outbox', () => {
  it('a message exists only if its transaction commits; the outbox provider marks it sent', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueueMensagem(tx, t.app.jobs, { channel: 'email', to: 'rollback@example.com', text: 'nunca' }, null);
        throw new Error('desfaz');
      }),
    ).rejects.toThrow('desfaz');
    expect(await t.database.db.select().from(mensagemOutbox).where(eq(mensagemOutbox.recipient, 'rollback@example.com'))).toEqual([]);

    const { id } = await send({ channel: 'email', to: 'cliente@example.com', subject: 'Olá', text: 'Seu boleto', link: 'https://example.com/b/1', entity: 'garantia', entityId: 7 });
    t.app.jobs.wake(sendMensagemJob);
    const sent = await until(async () => ((await row(id)).status === 'sent' ? row(id) : null));
    expect(sent).toMatchObject({ channel: 'email', recipient: 'cliente@example.com', subject: 'Olá', link: 'https://example.com/b/1', entity: 'garantia', entity_id: '7', attempts: 1, created_by: admin.user.id });

    const list = (await get(t, '/api/mensagem/getAllPaginate?pesquisa=cliente@example.com', admin.token)).json();
    expect(list.data[0]).toMatchObject({ id, status: 'sent', channel: 'email', created_by: admin.user.name });
    expect((await get(t, '/api/mensagem/getAllPaginate?status=failed&pesquisa=cliente@example.com', admin.token)).json().total).toBe(0);
  });

  it('refuses a malformed recipient before writing anything', async () => {
    await expect(send({ channel: 'whatsapp', to: '123', text: 'x' })).rejects.toThrow(/Telefone inválido/);
    await expect(send({ channel: 'email', to: 'sem-arroba', text: 'x' })).rejects.toThrow(/E-mail inválido/);
  });

  it('MESSAGING_PROVIDER=webhook POSTs the JSON contract; a gateway error keeps the message queued with the error', async () => {
    const received: { headers: IncomingMessage['headers']; body: unknown }[] = [];
    let answer = 202;
    const server = createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: JSON.parse(data) });
        res.statusCode = answer;
        res.end(answer >= 400 ? 'gateway fora do ar' : '');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/enviar`;
    // the provider is chosen once, when the app is built: an app of its own configured for the gateway
    const { messaging } = loadConfig({ MESSAGING_PROVIDER: 'webhook', MESSAGING_WEBHOOK_URL: url, MESSAGING_WEBHOOK_TOKEN: 'segredo' });
    const w = await createTestApp({ messaging });
    const send = (message: Parameters<typeof enqueueMensagem>[2]) => w.database.db.transaction((tx) => enqueueMensagem(tx, w.app.jobs, message, null));
    const row = async (id: number) => (await w.database.db.select().from(mensagemOutbox).where(eq(mensagemOutbox.id, id)))[0];
    try {
      const ok = await send({ channel: 'whatsapp', to: '(11) 98765-4321', text: 'Aviso', entity: 'spc_inclusao', entityId: 1 });
      w.app.jobs.wake(sendMensagemJob);
      await until(async () => ((await row(ok.id)).status === 'sent' ? true : null));
      const hit = received.find((r) => (r.body as { id: number }).id === ok.id)!;
      expect(hit.body).toEqual({ id: ok.id, channel: 'whatsapp', to: '11987654321', subject: null, text: 'Aviso', link: null });
      expect(hit.headers).toMatchObject({ 'content-type': 'application/json', 'idempotency-key': `mensagem-${ok.id}`, authorization: 'Bearer segredo' });

      answer = 503;
      const failing = await send({ channel: 'email', to: 'falha@example.com', text: 'x' });
      w.app.jobs.wake(sendMensagemJob);
      const pending = await until(async () => {
        const r = await row(failing.id);
        return r.attempts === 1 ? r : null;
      });
      expect(pending.status).toBe('queued');
      expect(pending.last_error).toBe('webhook: HTTP 503 — gateway fora do ar');
    } finally {
      await w.close();
      server.close();
    }
  });
});
