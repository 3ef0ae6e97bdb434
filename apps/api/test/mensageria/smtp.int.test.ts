import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { loadConfig } from '../../src/config.js';
import { mensagemEvento, mensagemOutbox } from '../../src/db/schema/index.js';
import { createPessoa } from '../../src/factories/garantia.js';
import { enqueueMensagem, sendMensagemJob } from '../../src/modules/mensagem/enqueue-mensagem.js';
import { registrarConsentimento } from '../../src/modules/mensagem/consentimento.js';
import { createTestApp, type TestApp } from '../harness.js';
import { until } from '../cobranca/support.js';
import { startSmtpTestServer, type SmtpTestServer } from './smtp-test-server.js';

// E-mail by SMTP against a real SMTP server started here (smtp-server): the app is configured
// with SMTP_URL/SMTP_FROM/SMTP_REPLY_TO as in production, and the outbox job does the sending.
let smtp: SmtpTestServer;
let t: TestApp;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  const { messaging } = loadConfig({ SMTP_URL: smtp.url, SMTP_FROM: 'Boleto Garantido <cobranca@bg.test>', SMTP_REPLY_TO: 'atendimento@bg.test' });
  t = await createTestApp({ messaging });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const send = (message: Parameters<typeof enqueueMensagem>[2]) => t.database.db.transaction((tx) => enqueueMensagem(tx, t.app.jobs, message, null));
const row = async (id: number) => (await t.database.db.select().from(mensagemOutbox).where(eq(mensagemOutbox.id, id)))[0];
const eventos = async (id: number) =>
  (await t.database.db.select().from(mensagemEvento).where(eq(mensagemEvento.mensagem_id, id)).orderBy(asc(mensagemEvento.id))).map((e) => e.status);
const whenStatus = (id: number, status: string) => until(async () => ((await row(id)).status === status ? row(id) : null));

describe('e-mail by SMTP', () => {
  it('delivers text + HTML with a stored PDF attached, From/Reply-To from config, and keeps the Message-ID', async () => {
    fs.mkdirSync(path.join(t.config.storageDir, 'boletos'), { recursive: true });
    fs.writeFileSync(path.join(t.config.storageDir, 'boletos', 'b-1.pdf'), PDF);
    const pessoa = await createPessoa(t.database.db);
    const { id } = await send({
      channel: 'email',
      to: 'cliente@example.com',
      subject: 'Seu boleto',
      text: 'Olá, <Maria> & cia.\n\nSegue o boleto.',
      link: 'https://bg.test/pagar/ABCDE-FGHJK',
      anexos: [{ key: 'boletos/b-1.pdf', filename: 'boleto-1.pdf' }],
      pessoaId: pessoa.id,
      tipo: 'recibo',
    });
    t.app.jobs.wake(sendMensagemJob);
    const mail = await smtp.waitFor((m) => m.to.includes('cliente@example.com'));
    const sent = await whenStatus(id, 'sent');

    expect(mail.parsed.from?.value[0]).toMatchObject({ name: 'Boleto Garantido', address: 'cobranca@bg.test' });
    expect(mail.parsed.replyTo?.text).toBe('atendimento@bg.test');
    expect(mail.parsed.subject).toBe('Seu boleto');
    expect(mail.parsed.text).toContain('Olá, <Maria> & cia.');
    expect(mail.parsed.text).toContain('https://bg.test/pagar/ABCDE-FGHJK');
    // the HTML escapes the text: no markup can be injected by a variable
    expect(mail.parsed.html).toContain('Olá, &lt;Maria&gt; &amp; cia.');
    expect(mail.parsed.html).toContain('href="https://bg.test/pagar/ABCDE-FGHJK"');
    expect(mail.parsed.attachments).toHaveLength(1);
    expect(mail.parsed.attachments[0]).toMatchObject({ filename: 'boleto-1.pdf', contentType: 'application/pdf' });
    expect(Buffer.compare(mail.parsed.attachments[0].content, PDF)).toBe(0);
    expect(mail.parsed.messageId).toBe(`<mensagem-${id}@bg.test>`);

    expect(sent).toMatchObject({ status: 'sent', attempts: 1, provider: 'smtp', provider_id: `<mensagem-${id}@bg.test>`, base_legal: 'execucao_contrato', last_error: null });
    expect(sent.sent_at).not.toBeNull();
    expect(await eventos(id)).toEqual(['queued', 'sent']);
  });

  it('a 550 rejection is permanent: failed at once with the code, no retry', async () => {
    smtp.reject = (to) => (to === 'naoexiste@example.com' ? { code: 550, message: '5.1.1 Mailbox unavailable' } : null);
    const { id } = await send({ channel: 'email', to: 'naoexiste@example.com', subject: 'Aviso', text: 'x' });
    t.app.jobs.wake(sendMensagemJob);
    const failed = await whenStatus(id, 'failed');
    expect(failed).toMatchObject({ attempts: 1, erro_codigo: '550', sent_at: null });
    expect(failed.last_error).toMatch(/550 5\.1\.1 Mailbox unavailable/);
    expect(await eventos(id)).toEqual(['queued', 'failed']);
    const boss = await t.database.executeSql(`SELECT state FROM pgboss.job WHERE name = 'mensagem.enviar' AND data->>'id' = $1`, [String(id)]);
    expect((boss.rows as { state: string }[]).map((r) => r.state)).toEqual(['completed']);
    expect(smtp.attempts.get('naoexiste@example.com')).toBe(1);
  });

  it('a 451 is temporary: the message stays queued with the error and the queue retries it with backoff', async () => {
    let refuse = true;
    smtp.reject = (to) => (to === 'cheia@example.com' && refuse ? { code: 451, message: '4.2.0 Tente mais tarde' } : null);
    const { id } = await send({ channel: 'email', to: 'cheia@example.com', subject: 'Aviso', text: 'y' });
    t.app.jobs.wake(sendMensagemJob);
    const waiting = await until(async () => ((await row(id)).attempts === 1 ? row(id) : null));
    expect(waiting).toMatchObject({ status: 'queued', erro_codigo: '451' });
    expect(waiting.last_error).toMatch(/451 4\.2\.0 Tente mais tarde/);
    const boss = await until(async () => {
      const r = await t.database.executeSql(`SELECT state, retry_count, extract(epoch FROM start_after - now())::int AS wait FROM pgboss.job WHERE name = 'mensagem.enviar' AND data->>'id' = $1`, [String(id)]);
      const job = (r.rows as { state: string; retry_count: number; wait: number }[])[0];
      return job?.state === 'retry' ? job : null;
    });
    expect(boss.wait).toBeGreaterThan(10); // 30 s · 2ⁿ backoff, not an immediate loop
    expect(await eventos(id)).toEqual(['queued', 'retry']);

    // time passes (the retry is due now) and the server accepts: the second attempt delivers it
    refuse = false;
    await t.database.executeSql(`UPDATE pgboss.job SET start_after = now() WHERE name = 'mensagem.enviar' AND data->>'id' = $1`, [String(id)]);
    t.app.jobs.wake(sendMensagemJob);
    const sent = await whenStatus(id, 'sent');
    expect(sent.attempts).toBe(2);
    expect(await eventos(id)).toEqual(['queued', 'retry', 'sent']);
    expect(smtp.attempts.get('cheia@example.com')).toBe(2);
  });

  it('a person who left e-mail gets nothing: the message is suppressed with the reason', async () => {
    const pessoa = await createPessoa(t.database.db);
    await registrarConsentimento(t.database.db, { pessoaId: pessoa.id, channel: 'email', aceito: false, origem: 'operador' });
    const { id } = await send({ channel: 'email', to: 'saiu@example.com', subject: 'Aviso', text: 'z', pessoaId: pessoa.id, tipo: 'cobranca' });
    t.app.jobs.wake(sendMensagemJob);
    const suppressed = await whenStatus(id, 'suppressed');
    expect(suppressed.last_error).toMatch(/recusou o canal e-mail/);
    expect(suppressed.base_legal).toBe('exercicio_direitos');
    expect(smtp.attempts.has('saiu@example.com')).toBe(false);
    expect(await eventos(id)).toEqual(['queued', 'suppressed']);
  });
});
