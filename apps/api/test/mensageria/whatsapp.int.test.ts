import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq } from 'drizzle-orm';
import { loadConfig } from '../../src/config.js';
import { mensagemConsentimento, mensagemEvento, mensagemOutbox, pessoaTelefone, whatsappRecebida } from '../../src/db/schema/index.js';
import { createPessoa } from '../../src/factories/garantia.js';
import { enqueueMensagem, sendMensagemJob } from '../../src/modules/mensagem/enqueue-mensagem.js';
import { createTestApp, type TestApp } from '../harness.js';
import { until } from '../cobranca/support.js';
import { inboundTextValue, startWhatsappTestServer, statusValue, type WhatsappTestServer } from './whatsapp-test-server.js';

// WhatsApp by the Cloud API against a local server that speaks its request shape; the app listens
// on a real port and receives the signed status/inbound webhooks as Meta sends them.
const TOKEN = 'token-de-teste';
const APP_SECRET = 'segredo-do-app';
let wa: WhatsappTestServer;
let t: TestApp;
let webhookUrl: string;

beforeAll(async () => {
  wa = await startWhatsappTestServer({ token: TOKEN, appSecret: APP_SECRET });
  const { messaging } = loadConfig({
    WHATSAPP_API_URL: wa.apiUrl,
    WHATSAPP_TOKEN: TOKEN,
    WHATSAPP_PHONE_NUMBER_ID: wa.phoneNumberId,
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: 'verifica-me',
  });
  t = await createTestApp({ messaging });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  webhookUrl = `${address}/api/mensagem/whatsapp/webhook`;
});
afterAll(async () => {
  await t?.close();
  await wa?.close();
});

const db = () => t.database.db;
const send = (message: Parameters<typeof enqueueMensagem>[2]) => db().transaction((tx) => enqueueMensagem(tx, t.app.jobs, message, null));
const row = async (id: number) => (await db().select().from(mensagemOutbox).where(eq(mensagemOutbox.id, id)))[0];
const eventos = async (id: number) => (await db().select().from(mensagemEvento).where(eq(mensagemEvento.mensagem_id, id)).orderBy(asc(mensagemEvento.id))).map((e) => e.status);
const whenStatus = (id: number, status: string) => until(async () => ((await row(id)).status === status ? row(id) : null));
const sentNow = async (message: Parameters<typeof enqueueMensagem>[2]) => {
  const { id } = await send(message);
  t.app.jobs.wake(sendMensagemJob);
  return whenStatus(id, 'sent');
};
const total = async (table: typeof mensagemEvento | typeof whatsappRecebida | typeof mensagemConsentimento) => (await db().select({ n: count() }).from(table))[0].n;

describe('WhatsApp Cloud API', () => {
  it('outside the 24 h window sends an approved template (pt_BR, body variables) and keeps the wamid', async () => {
    const sent = await sentNow({ channel: 'whatsapp', to: '(11) 98765-4321', text: 'Sua duplicata está pronta\npara assinar.', link: 'https://bg.test/assinar/abc', tipo: 'assinatura' });
    const request = wa.messages().at(-1)!;
    expect(request).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511987654321',
      type: 'template',
      template: {
        name: 'bg_mensagem_link',
        language: { code: 'pt_BR' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Sua duplicata está pronta para assinar.' }, { type: 'text', text: 'https://bg.test/assinar/abc' }] }],
      },
    });
    expect(wa.requests.at(-1)!.authorization).toBe(`Bearer ${TOKEN}`);
    expect(sent).toMatchObject({ provider: 'whatsapp_cloud', attempts: 1 });
    expect(sent.provider_id).toMatch(/^wamid\./);
  });

  it('statuses delivered and read drive the message; repeats and a late "sent" change nothing', async () => {
    const sent = await sentNow({ channel: 'whatsapp', to: '11987654322', text: 'Aviso' });
    const wamid = sent.provider_id!;
    expect((await wa.notify(webhookUrl, statusValue(wamid, 'delivered', { timestamp: 1_800_000_000 }))).status).toBe(200);
    expect(await row(sent.id)).toMatchObject({ status: 'delivered', delivered_at: new Date(1_800_000_000_000) });
    expect((await wa.notify(webhookUrl, statusValue(wamid, 'read', { timestamp: 1_800_000_060 }))).status).toBe(200);
    // Meta retries and duplicates, and a late "sent"/"delivered": the state never goes back
    await wa.notify(webhookUrl, statusValue(wamid, 'read', { timestamp: 1_800_000_060 }));
    await wa.notify(webhookUrl, statusValue(wamid, 'delivered', { timestamp: 1_800_000_000 }));
    await wa.notify(webhookUrl, statusValue(wamid, 'sent', { timestamp: 1_799_999_990 }));
    expect(await row(sent.id)).toMatchObject({ status: 'read', read_at: new Date(1_800_000_060_000) });
    expect(await eventos(sent.id)).toEqual(['queued', 'sent', 'delivered', 'read']);
  });

  it('failed with the provider reason: by webhook after sending, and at once when the API refuses (permanent)', async () => {
    const sent = await sentNow({ channel: 'whatsapp', to: '11987654323', text: 'Aviso' });
    await wa.notify(webhookUrl, statusValue(sent.provider_id!, 'failed', { error: { code: 131026, title: 'Message undeliverable', details: 'Recipient is not a WhatsApp user' } }));
    const failed = await row(sent.id);
    expect(failed).toMatchObject({ status: 'failed', erro_codigo: '131026' });
    expect(failed.last_error).toBe('whatsapp: 131026 — Message undeliverable — Recipient is not a WhatsApp user');
    expect(await eventos(sent.id)).toEqual(['queued', 'sent', 'failed']);

    wa.refuse = (body) => ((body as { to: string }).to === '5511987654324' ? { status: 400, code: 132001, message: '(#132001) Template name does not exist in the translation' } : null);
    const { id } = await send({ channel: 'whatsapp', to: '11987654324', text: 'x', whatsappTemplate: { name: 'inexistente', variables: ['a'] } });
    t.app.jobs.wake(sendMensagemJob);
    const refused = await whenStatus(id, 'failed');
    expect(refused).toMatchObject({ attempts: 1, erro_codigo: '132001', sent_at: null });
    expect(refused.last_error).toMatch(/132001/);
    wa.refuse = () => null;
  });

  it('a webhook with a bad or missing signature is refused with 401 and writes nothing', async () => {
    const sent = await sentNow({ channel: 'whatsapp', to: '11987654325', text: 'Aviso' });
    const before = { eventos: await total(mensagemEvento), recebidas: await total(whatsappRecebida) };
    const forged = await wa.notify(webhookUrl, statusValue(sent.provider_id!, 'read'), { signWith: 'outro-segredo' });
    expect(forged.status).toBe(401);
    expect(JSON.parse(forged.body)).toMatchObject({ status: 401 });
    const unsigned = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ entry: [] }) });
    expect(unsigned.status).toBe(401);
    const inbound = await wa.notify(webhookUrl, inboundTextValue('5511987654325', 'SAIR'), { signWith: 'x' });
    expect(inbound.status).toBe(401);
    expect(await row(sent.id)).toMatchObject({ status: 'sent' });
    expect({ eventos: await total(mensagemEvento), recebidas: await total(whatsappRecebida) }).toEqual(before);
  });

  it('the GET handshake answers hub.challenge only for the verify token', async () => {
    const ok = await fetch(`${webhookUrl}?hub.mode=subscribe&hub.verify_token=verifica-me&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    const bad = await fetch(`${webhookUrl}?hub.mode=subscribe&hub.verify_token=errado&hub.challenge=1158201444`);
    expect(bad.status).toBe(403);
    expect(await bad.text()).not.toContain('1158201444');
  });

  it('an inbound message opens the 24 h window: the next message goes as written, the PDF as a document', async () => {
    const pessoa = await createPessoa(db());
    await db().insert(pessoaTelefone).values({ pessoa_id: pessoa.id, telefone: '21987650000' });
    expect((await wa.notify(webhookUrl, inboundTextValue('5521987650000', 'Olá, preciso da segunda via'))).status).toBe(200);
    const [recebida] = await db().select().from(whatsappRecebida).where(eq(whatsappRecebida.telefone, '5521987650000'));
    expect(recebida).toMatchObject({ pessoa_id: pessoa.id, tipo: 'text', texto: 'Olá, preciso da segunda via' });

    fs.mkdirSync(path.join(t.config.storageDir, 'boletos'), { recursive: true });
    fs.writeFileSync(path.join(t.config.storageDir, 'boletos', 'wa.pdf'), '%PDF-1.4\n%%EOF\n');
    const uploads = wa.requests.filter((r) => r.path.endsWith('/media')).length;
    await sentNow({ channel: 'whatsapp', to: '21987650000', text: 'Segue a segunda via.', anexos: [{ key: 'boletos/wa.pdf', filename: 'boleto.pdf' }], pessoaId: pessoa.id });
    const media = wa.requests.filter((r) => r.path.endsWith('/media'));
    expect(media).toHaveLength(uploads + 1);
    expect(media.at(-1)!.contentType).toMatch(/^multipart\/form-data/);
    expect(media.at(-1)!.raw.toString('latin1')).toContain('%PDF-1.4');
    expect(wa.messages().at(-1)).toMatchObject({ to: '5521987650000', type: 'document', document: { filename: 'boleto.pdf', caption: 'Segue a segunda via.' } });
  });

  it('"Sair" opts the person out of WhatsApp (once, however often Meta delivers it), confirms, and the next message is suppressed', async () => {
    const pessoa = await createPessoa(db());
    await db().insert(pessoaTelefone).values({ pessoa_id: pessoa.id, telefone: '31987650001' });
    const value = inboundTextValue('5531987650001', '  Sáir. ', { wamid: 'wamid.saida-1' });
    expect((await wa.notify(webhookUrl, value)).status).toBe(200);
    expect((await wa.notify(webhookUrl, value)).status).toBe(200);
    const consent = await db().select().from(mensagemConsentimento).where(eq(mensagemConsentimento.pessoa_id, pessoa.id));
    expect(consent).toHaveLength(1);
    expect(consent[0]).toMatchObject({ channel: 'whatsapp', aceito: false, origem: 'whatsapp' });

    // the confirmation goes inside the window just opened, as text, once
    const confirmation = await until(async () => {
      const [m] = await db().select().from(mensagemOutbox).where(and(eq(mensagemOutbox.recipient, '31987650001'), eq(mensagemOutbox.entity, 'consentimento')));
      return m?.status === 'sent' ? m : null;
    });
    expect(wa.messages().filter((m) => m.to === '5531987650001')).toEqual([expect.objectContaining({ type: 'text', text: expect.objectContaining({ body: confirmation.text }) })]);

    const before = wa.messages().length;
    const { id } = await send({ channel: 'whatsapp', to: '31987650001', text: 'Lembrete', pessoaId: pessoa.id, tipo: 'lembrete_vencimento' });
    t.app.jobs.wake(sendMensagemJob);
    const suppressed = await whenStatus(id, 'suppressed');
    expect(suppressed.last_error).toMatch(/recusou o canal WhatsApp .*origem: whatsapp/);
    expect(wa.messages()).toHaveLength(before);
    // an e-mail to the same person is not affected
    expect(await eventos(id)).toEqual(['queued', 'suppressed']);
  });
});

describe('WhatsApp inbound from a number nobody has', () => {
  it('is recorded without a person; SAIR from it opts nobody out and sends nothing', async () => {
    const before = wa.messages().length;
    const consents = await total(mensagemConsentimento);
    expect((await wa.notify(webhookUrl, inboundTextValue('5548999990000', 'PARAR'))).status).toBe(200);
    const [r] = await db().select().from(whatsappRecebida).where(eq(whatsappRecebida.telefone, '5548999990000'));
    expect(r).toMatchObject({ pessoa_id: null, texto: 'PARAR' });
    expect(await total(mensagemConsentimento)).toBe(consents);
    expect(await db().select().from(mensagemOutbox).where(eq(mensagemOutbox.recipient, '48999990000'))).toEqual([]);
    expect(wa.messages()).toHaveLength(before);
  });
});
