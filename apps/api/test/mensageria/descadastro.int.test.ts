import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { loadConfig } from '../../src/config.js';
import { mensagemConsentimento, mensagemOutbox } from '../../src/db/schema/index.js';
import { createPessoa } from '../../src/factories/garantia.js';
import { enqueueMensagem, sendMensagemJob } from '../../src/modules/mensagem/enqueue-mensagem.js';
import { DESCADASTRO_VALIDADE_DIAS, linkDescadastro } from '../../src/modules/mensagem/descadastro.js';
import { DESCADASTRO_TEXTO } from '../../src/modules/mensagem/pagina-descadastro.js';
import { fileLinkSigner } from '../../src/modules/files/signed-link.js';
import { createTestApp, type TestApp } from '../harness.js';
import { until } from '../cobranca/support.js';
import { startSmtpTestServer, type SmtpTestServer } from './smtp-test-server.js';

/**
 * The e-mails' descadastro (docs/messaging.md "Descadastro"), over a real SMTP server: the visible
 * link and the List-Unsubscribe / List-Unsubscribe-Post headers (RFC 8058) of an e-mail to a person,
 * the mail client's one-click POST to that address recording the opt-out once, the confirmation
 * page, and forged or expired links refused in Portuguese.
 */
let smtp: SmtpTestServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  const { messaging } = loadConfig({ SMTP_URL: smtp.url, SMTP_FROM: 'Boleto Garantido <cobranca@bg.test>' });
  t = await createTestApp({ messaging });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const send = (message: Parameters<typeof enqueueMensagem>[2]) => t.database.db.transaction((tx) => enqueueMensagem(tx, t.app.jobs, message, null));
const row = async (id: number) => (await t.database.db.select().from(mensagemOutbox).where(eq(mensagemOutbox.id, id)))[0];
const whenStatus = (id: number, status: string) => until(async () => ((await row(id)).status === status ? row(id) : null));
const escolhas = (pessoaId: number) =>
  t.database.db.select().from(mensagemConsentimento).where(and(eq(mensagemConsentimento.pessoa_id, pessoaId), eq(mensagemConsentimento.channel, 'email')));
const oneClick = (url: string) =>
  t.call({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });

describe('descadastro de e-mails', () => {
  it('an e-mail to a person carries the link and List-Unsubscribe; the one-click POST opts the person out once', async () => {
    const pessoa = await createPessoa(t.database.db);
    const { id } = await send({ channel: 'email', to: 'lembrada@example.com', subject: 'Mensagem de Boleto Garantido', text: 'Sua parcela vence amanhã.', pessoaId: pessoa.id, tipo: 'lembrete_vencimento' });
    t.app.jobs.wake(sendMensagemJob);
    const mail = await smtp.waitFor((m) => m.to.includes('lembrada@example.com'));
    await whenStatus(id, 'sent');

    // the header as written (mailparser turns it into an object): unfolded, `<url>`
    const line = mail.parsed.headerLines.find((h) => h.key === 'list-unsubscribe')?.line.replace(/\r?\n[ \t]+/g, ' ');
    const url = /^List-Unsubscribe:\s*<(https?:\/\/[^>]+)>$/i.exec(line ?? '')?.[1];
    expect(url).toMatch(new RegExp(`/api/mensagem/descadastro/${id}\\.\\d+\\.[A-Za-z0-9_-]+$`));
    expect(mail.parsed.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // the same address, visible in both bodies
    expect(mail.parsed.text).toContain(`descadastrar: ${url}`);
    expect(mail.parsed.html).toContain(`href="${url}"`);
    expect(mail.parsed.html).toMatch(/>descadastrar<\/a>/);

    const path = new URL(url!).pathname;
    // opening the link only asks: nothing recorded by a GET (mail scanners open links)
    const page = await t.call({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(DESCADASTRO_TEXTO.botao);
    expect(page.body).toContain(`action="${path}"`);
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    expect(await escolhas(pessoa.id)).toHaveLength(0);

    const first = await oneClick(path);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(DESCADASTRO_TEXTO.feito);
    const [escolha] = await escolhas(pessoa.id);
    expect(escolha).toMatchObject({ aceito: false, origem: 'email', detalhe: `Link de descadastro da mensagem ${id}` });

    // the page's button after the client's one-click, or a second click: the same choice, not recorded again
    const again = await t.call({ method: 'POST', url: path });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain(DESCADASTRO_TEXTO.jaFeito);
    expect(await escolhas(pessoa.id)).toHaveLength(1);

    // and the next e-mail to the person is not sent
    const next = await send({ channel: 'email', to: 'lembrada@example.com', subject: 'Mensagem de Boleto Garantido', text: 'Outra.', pessoaId: pessoa.id, tipo: 'cobranca' });
    t.app.jobs.wake(sendMensagemJob);
    expect((await whenStatus(next.id, 'suppressed')).last_error).toMatch(/recusou o canal e-mail .*origem: email/);
  });

  it('two one-click POSTs at once record one choice', async () => {
    const pessoa = await createPessoa(t.database.db);
    const { id } = await send({ channel: 'email', to: 'dupla@example.com', subject: 'Mensagem', text: 'x', pessoaId: pessoa.id, tipo: 'cobranca' });
    const path = new URL(linkDescadastro(t.app.services.fileLinks, 'http://localhost:3000', id)).pathname;
    const answers = await Promise.all([oneClick(path), oneClick(path)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await escolhas(pessoa.id)).toHaveLength(1);
  });

  it('an e-mail to no known person has no descadastro link (nobody to opt out)', async () => {
    const { id } = await send({ channel: 'email', to: 'avulso@example.com', subject: 'Aviso', text: 'Sem pessoa.' });
    t.app.jobs.wake(sendMensagemJob);
    const mail = await smtp.waitFor((m) => m.to.includes('avulso@example.com'));
    await whenStatus(id, 'sent');
    expect(mail.parsed.headers.has('list-unsubscribe')).toBe(false);
    expect(mail.parsed.text).not.toContain('descadastrar');
  });

  it('a forged, altered or expired link is refused in Portuguese and records nothing', async () => {
    const pessoa = await createPessoa(t.database.db);
    const { id } = await send({ channel: 'email', to: 'forjada@example.com', subject: 'Mensagem', text: 'x', pessoaId: pessoa.id, tipo: 'cobranca' });
    const valid = new URL(linkDescadastro(t.app.services.fileLinks, 'http://localhost:3000', id)).pathname;
    const [, , exp, sig] = /descadastro\/(\d+)\.(\d+)\.(.+)$/.exec(valid)!;
    // an old link: signed with the same secret 1 day past its validity
    const past = fileLinkSigner(t.config.fileLinkSecret ?? t.config.jwtSecret!, 3600, () => Date.now() - (DESCADASTRO_VALIDADE_DIAS + 1) * 86_400_000);
    const expired = new URL(linkDescadastro(past, 'http://localhost:3000', id)).pathname;
    for (const path of [
      `/api/mensagem/descadastro/${id + 1}.${exp}.${sig}`, // another message's id under this signature
      `/api/mensagem/descadastro/${id}.${Number(exp) + 1}.${sig}`, // a longer validity
      `/api/mensagem/descadastro/${id}.${exp}.${'A'.repeat(sig.length)}`,
      '/api/mensagem/descadastro/qualquer-coisa',
      expired,
    ]) {
      for (const method of ['GET', 'POST'] as const) {
        const res = method === 'POST' ? await oneClick(path) : await t.call({ method, url: path });
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        // a client that did not ask for HTML gets the API's own error shape
        expect(res.json()).toEqual({ status: 404, msg: DESCADASTRO_TEXTO.invalido });
      }
      // a browser gets the page with the refusal
      const page = await t.call({ method: 'GET', url: path, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain(DESCADASTRO_TEXTO.invalido);
    }
    expect(await escolhas(pessoa.id)).toHaveLength(0);
  });
});
