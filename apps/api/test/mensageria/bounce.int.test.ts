import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import { loadConfig } from '../../src/config.js';
import { emailDevolvido, mensagemEvento, mensagemOutbox } from '../../src/db/schema/index.js';
import { createPessoa } from '../../src/factories/garantia.js';
import { startBounceListener, type BounceListener } from '../../src/inbound/bounce-listener.js';
import { enqueueMensagem, sendMensagemJob } from '../../src/modules/mensagem/enqueue-mensagem.js';
import { createTestApp, type TestApp } from '../harness.js';
import { until } from '../cobranca/support.js';
import { startSmtpTestServer, type SmtpTestServer } from './smtp-test-server.js';
import { delayed, gmailBounce, postfixBounce } from './dsn-samples.js';

// Late bounces over the wire: the app sends through a real SMTP server (smtp-server) with
// SMTP_BOUNCE_DOMAIN set, so each envelope sender is the message's signed VERP address; the app's
// own bounce listener runs on a free port and receives RFC 3464 DSNs sent to it by nodemailer.
let smtp: SmtpTestServer;
let t: TestApp;
let listener: BounceListener;
const warnings: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  const { messaging } = loadConfig({ SMTP_URL: smtp.url, SMTP_FROM: 'Boleto Garantido <cobranca@bg.test>', SMTP_BOUNCE_DOMAIN: 'Bounces.BG.test' });
  t = await createTestApp({ messaging });
  const log = { info: () => undefined, warn: (_: object, msg?: string) => void warnings.push(msg ?? '') };
  listener = await startBounceListener({ db: t.database.db, verp: t.app.services.verp!, host: '127.0.0.1', port: 0, now: () => new Date(), log });
});
afterAll(async () => {
  await listener?.close();
  await t?.close();
  await smtp?.close();
});

const row = async (id: number) => (await t.database.db.select().from(mensagemOutbox).where(eq(mensagemOutbox.id, id)))[0];
const eventos = async (id: number) => t.database.db.select().from(mensagemEvento).where(eq(mensagemEvento.mensagem_id, id)).orderBy(asc(mensagemEvento.id));
const whenStatus = (id: number, status: string) => until(async () => ((await row(id)).status === status ? row(id) : null));

/** Queues an e-mail to `to`, lets the job send it, answers the message id and the Return-Path the SMTP server saw. */
async function sent(to: string) {
  const pessoa = await createPessoa(t.database.db);
  const { id } = await t.database.db.transaction((tx) => enqueueMensagem(tx, t.app.jobs, { channel: 'email', to, subject: 'Seu boleto', text: 'Segue o boleto.', pessoaId: pessoa.id, tipo: 'recibo' }, null));
  t.app.jobs.wake(sendMensagemJob);
  const mail = await smtp.waitFor((m) => m.parsed.messageId === `<mensagem-${id}@bg.test>`);
  await whenStatus(id, 'sent');
  return { id, verp: mail.from, messageId: `<mensagem-${id}@bg.test>` };
}

/** A DSN delivered to the listener as a reporting MTA does: null sender (MAIL FROM:<>), raw RFC 5322 text. */
async function bounce(to: string, raw: string | Buffer) {
  const transport = createTransport({ host: '127.0.0.1', port: listener.port, secure: false, ignoreTLS: true, connectionTimeout: 5000 });
  try {
    return await transport.sendMail({ envelope: { from: '', to }, raw });
  } finally {
    transport.close();
  }
}

describe('late e-mail bounces (VERP + DSN listener)', () => {
  it('the envelope sender names the message, signed, on the bounce domain; the From stays ours', async () => {
    const { id, verp } = await sent('ana@destino.example');
    expect(verp).toMatch(new RegExp(`^bounces\\+${id}\\.[0-9a-f]{20}@bounces\\.bg\\.test$`));
    expect(t.app.services.verp!.read(verp)).toBe(id);
  });

  it('a hard bounce fails the sent message with the server reason; the same DSN again changes nothing; the address gets nothing more', async () => {
    const who = { recipient: 'maria@destino.example' };
    const { id, verp, messageId } = await sent(who.recipient);
    const accepted = await bounce(verp, postfixBounce({ verp, messageId, ...who }));
    expect(accepted.response).toMatch(/^250/);

    const failed = await whenStatus(id, 'failed');
    expect(failed.erro_codigo).toBe('5.1.1');
    expect(failed.last_error).toBe(
      'e-mail devolvido: 5.1.1 — 550 5.1.1 <maria@destino.example>: Recipient address rejected: User unknown in virtual mailbox table (relatado por mx.destino.example)',
    );
    const timeline = await eventos(id);
    expect(timeline.map((e) => e.status)).toEqual(['queued', 'sent', 'failed']);
    expect(timeline[2].detalhe).toMatch(/^Devolvida pelo servidor de destino: 5\.1\.1 — 550 5\.1\.1/);
    const [devolvido] = await t.database.db.select().from(emailDevolvido).where(eq(emailDevolvido.endereco, 'maria@destino.example'));
    expect(devolvido).toMatchObject({ mensagem_id: id, status: '5.1.1' });

    // the reporting MTA retries (or the relay duplicates): nothing moves twice
    await bounce(verp, postfixBounce({ verp, messageId, ...who }));
    expect((await eventos(id)).map((e) => e.status)).toEqual(['queued', 'sent', 'failed']);
    expect((await row(id)).last_error).toBe(failed.last_error);

    // a later e-mail to the same address (any case) is suppressed with the reason
    const pessoa = await createPessoa(t.database.db);
    const next = await t.database.db.transaction((tx) => enqueueMensagem(tx, t.app.jobs, { channel: 'email', to: 'Maria@Destino.example', subject: 'Outro', text: 'x', pessoaId: pessoa.id }, null));
    t.app.jobs.wake(sendMensagemJob);
    const suppressed = await whenStatus(next.id, 'suppressed');
    expect(suppressed.last_error).toContain(`foi recusado pelo servidor de destino`);
    expect(suppressed.last_error).toContain(`mensagem ${id}: 5.1.1`);
    expect(smtp.received.some((m) => m.to.includes('maria@destino.example') && m.parsed.subject === 'Outro')).toBe(false);
  });

  it("Gmail's report fails the message too (its delivery-status after a nested multipart)", async () => {
    const { id, verp, messageId } = await sent('naoexiste@gmail.example');
    await bounce(verp, gmailBounce({ verp, messageId, recipient: 'naoexiste@gmail.example' }));
    const failed = await whenStatus(id, 'failed');
    expect(failed.last_error).toMatch(/^e-mail devolvido: 5\.1\.1 — 550-5\.1\.1 The email account that you tried to reach does not exist/);
  });

  it('a soft bounce (Action: delayed, 4.4.1) is written on the timeline once and does not fail the message', async () => {
    const { id, verp, messageId } = await sent('jose@destino.example');
    await bounce(verp, delayed({ verp, messageId, recipient: 'jose@destino.example' }));
    await bounce(verp, delayed({ verp, messageId, recipient: 'jose@destino.example' }));
    const r = await row(id);
    expect(r.status).toBe('sent');
    const timeline = await eventos(id);
    expect(timeline.map((e) => e.status)).toEqual(['queued', 'sent', 'adiada']);
    expect(timeline[2].detalhe).toMatch(/^Entrega adiada pelo servidor de destino \(ele continua tentando\): 4\.4\.1 — connect to caixa\.destino\.example/);
    expect(await t.database.db.select().from(emailDevolvido).where(eq(emailDevolvido.endereco, 'jose@destino.example'))).toEqual([]);
  });

  it('a forged or foreign VERP address is refused at RCPT TO and fails nothing', async () => {
    const { id, verp, messageId } = await sent('carla@destino.example');
    const mac = verp.split('.')[1].split('@')[0];
    const forged = [
      verp.replace(`+${id}.`, `+${id + 1}.`), // another message with this message's signature
      verp.replace(mac, mac.replace(/^./, (c) => (c === '0' ? '1' : '0'))),
      `bounces+${id}@bounces.bg.test`,
      verp.replace('bounces.bg.test', 'outro.example'),
      'postmaster@bounces.bg.test',
    ];
    for (const to of forged) {
      await expect(bounce(to, postfixBounce({ verp: to, messageId, recipient: 'carla@destino.example' }))).rejects.toMatchObject({ responseCode: 550 });
    }
    expect((await row(id)).status).toBe('sent');
  });

  it('garbage does not crash the listener: junk bytes, a message that is no DSN, one over 1 MB', async () => {
    const { id, verp } = await sent('bia@destino.example');
    // raw junk on a socket, then hang up in the middle of a command
    await new Promise<void>((resolve) => {
      const socket = net.connect(listener.port, '127.0.0.1', () => {
        socket.write(Buffer.from([0, 255, 254, 13, 10, 1, 2, 3, 13, 10]));
        socket.write('EHLO x\r\nMAIL FROM:<>\r\nRCPT TO:<' + verp + '>\r\nDATA\r\n\u0000\u00ff');
        setTimeout(() => socket.destroy(), 200);
      });
      socket.on('error', () => undefined);
      socket.on('close', () => resolve());
    });
    // an auto-reply or anything else that is not an RFC 3464 report: accepted and dropped
    expect((await bounce(verp, 'Subject: Estou de férias\r\n\r\nVolto segunda.\r\n')).response).toMatch(/^250/);
    expect((await bounce(verp, Buffer.from('Content-Type: multipart/report; boundary=\r\n\r\n--\r\n\u0000\r\n'))).response).toMatch(/^250/);
    await expect(bounce(verp, `Subject: grande\r\n\r\n${'x'.repeat(1100 * 1024)}\r\n`)).rejects.toMatchObject({ responseCode: 552 });
    expect((await row(id)).status).toBe('sent');
    expect((await eventos(id)).map((e) => e.status)).toEqual(['queued', 'sent']);
    // still answering
    const again = await sent('bia2@destino.example');
    await bounce(again.verp, postfixBounce({ verp: again.verp, messageId: again.messageId, recipient: 'bia2@destino.example' }));
    await whenStatus(again.id, 'failed');
    expect(warnings).toEqual([]);
  });
});
