import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.js';
import { chooseMessaging } from '../../adapters/messaging/choose-messaging.js';
import { MessagingError } from '../../adapters/messaging/messaging.js';
import { whatsappCloudProvider, whatsappNumber } from '../../adapters/messaging/whatsapp-cloud-provider.js';
import { emailHtml, emailTexto, renderHtml, renderTexto } from './modelos-email.js';
import { modeloParaMensagem, variavelWhatsapp } from './modelos-whatsapp.js';
import { assinaturaWhatsappValida, pedidoDeSaida, telefonesNacionais } from './whatsapp-webhook.js';

const log = { info: vi.fn() };

describe('e-mail templates', () => {
  it('escape every value in HTML, never in text; a missing value is an error', () => {
    expect(renderHtml('<p>Olá, {{nome}}</p>', { nome: '<b>Ana</b> & "cia"' })).toBe('<p>Olá, &lt;b&gt;Ana&lt;/b&gt; &amp; &quot;cia&quot;</p>');
    expect(renderTexto('Olá, {{ nome }}', { nome: '<b>Ana</b>' })).toBe('Olá, <b>Ana</b>');
    expect(() => renderTexto('Olá, {{nome}}', {})).toThrow(/nome/);
  });
  it('the layout keeps paragraphs, makes only http(s) links buttons, and the text body carries the link once', () => {
    const html = emailHtml({ subject: 'Aviso <1>', text: 'Linha 1\nLinha 2\n\nParágrafo <2>', link: 'https://bg.test/a?b=1&c=2' });
    expect(html).toContain('<title>Aviso &lt;1&gt;</title>');
    expect(html).toContain('Linha 1<br>Linha 2</p>');
    expect(html).toContain('Parágrafo &lt;2&gt;');
    expect(html).toContain('href="https://bg.test/a?b=1&amp;c=2"');
    expect(emailHtml({ text: 'x', link: 'javascript:alert(1)' })).not.toContain('href=');
    expect(emailTexto({ text: 'Acesse https://x.test', link: 'https://x.test' })).toBe('Acesse https://x.test');
    expect(emailTexto({ text: 'Acesse', link: 'https://x.test' })).toBe('Acesse\n\nhttps://x.test');
  });
});

describe('WhatsApp templates and numbers', () => {
  it('flattens variables to what Meta accepts and picks the generic template by content', () => {
    expect(variavelWhatsapp('a\n\tb      c')).toBe('a b   c');
    expect(variavelWhatsapp('x'.repeat(2000))).toHaveLength(1024);
    expect(modeloParaMensagem({ text: 'Oi' })).toEqual({ name: 'bg_mensagem', variables: ['Oi'] });
    expect(modeloParaMensagem({ text: 'Oi', link: 'https://l.test' })).toEqual({ name: 'bg_mensagem_link', variables: ['Oi', 'https://l.test'] });
    expect(modeloParaMensagem({ text: 'Oi', hasDocument: true }).name).toBe('bg_documento');
    expect(modeloParaMensagem({ text: 'Oi', whatsappTemplate: { name: 'bg_cobranca', variables: ['a\nb'] } })).toEqual({ name: 'bg_cobranca', variables: ['a b'] });
    expect(whatsappNumber('(11) 98765-4321')).toBe('5511987654321');
    expect(whatsappNumber('5511987654321')).toBe('5511987654321');
    expect(telefonesNacionais('551187654321')).toEqual(['1187654321', '11987654321']);
    expect(telefonesNacionais('5511987654321')).toEqual(['11987654321', '1187654321']);
  });
  it('SAIR / PARAR only as the whole message, any case, with or without accents', () => {
    for (const t of ['SAIR', 'sair', ' Sáir. ', 'PARAR!', 'parar']) expect(pedidoDeSaida(t)).toBe(true);
    for (const t of ['quero sair', 'SAIR DAQUI', 'pare', '', null]) expect(pedidoDeSaida(t)).toBe(false);
  });
  it('the webhook signature is the HMAC-SHA256 of the raw body with the app secret', () => {
    const body = '{"entry":[]}';
    const sig = `sha256=${createHmac('sha256', 's3gr3d0').update(body).digest('hex')}`;
    expect(assinaturaWhatsappValida(body, sig, 's3gr3d0')).toBe(true);
    expect(assinaturaWhatsappValida(body, sig.toUpperCase().replace('SHA256', 'sha256'), 's3gr3d0')).toBe(true);
    expect(assinaturaWhatsappValida(`${body} `, sig, 's3gr3d0')).toBe(false);
    expect(assinaturaWhatsappValida(body, sig, 'outro')).toBe(false);
    expect(assinaturaWhatsappValida(body, 'sha256=abc', 's3gr3d0')).toBe(false);
    expect(assinaturaWhatsappValida(body, undefined, 's3gr3d0')).toBe(false);
    expect(assinaturaWhatsappValida(body, sig, null)).toBe(false);
  });
});

describe('Cloud API refusals', () => {
  const message = { id: 1, channel: 'whatsapp' as const, to: '11987654321', text: 'Oi' };
  const refusing = (status: number, code: number) =>
    whatsappCloudProvider({ apiUrl: 'https://g.test/v21.0', phoneNumberId: '1', token: 't', fetchFn: async () => new Response(JSON.stringify({ error: { code, message: `(#${code}) x` } }), { status }) });
  it('rate limits and server errors are temporary; an unknown number or template is permanent', async () => {
    for (const [status, code, permanent] of [[400, 131026, true], [400, 132001, true], [400, 131047, true], [401, 190, true], [400, 130429, false], [429, 4, false], [500, 131000, false], [503, 2, false]] as const) {
      const err = await refusing(status, code).send(message).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MessagingError);
      expect(err).toMatchObject({ permanent, code: String(code) });
    }
  });
});

describe('providers chosen by config', () => {
  it('each channel by its own variables, MESSAGING_PROVIDER for the rest; SMTP_FROM and the WhatsApp pair are required together', () => {
    const cfg = (env: Record<string, string>) => chooseMessaging(loadConfig(env).messaging, log);
    expect(cfg({}).name).toBe('outbox');
    expect(cfg({ SMTP_URL: 'smtps://u:p@smtp.test:465', SMTP_FROM: 'a@b.test' }).name).toBe('smtp+outbox');
    expect(cfg({ WHATSAPP_TOKEN: 't', WHATSAPP_PHONE_NUMBER_ID: '1' }).name).toBe('outbox+whatsapp_cloud');
    expect(cfg({ WHATSAPP_TOKEN: 't', WHATSAPP_PHONE_NUMBER_ID: '1', MESSAGING_PROVIDER: 'webhook', MESSAGING_WEBHOOK_URL: 'https://gw.test' }).name).toBe('webhook+whatsapp_cloud');
    expect(() => loadConfig({ SMTP_URL: 'smtp://h' })).toThrow(/SMTP_FROM/);
    expect(() => loadConfig({ SMTP_URL: 'http://h', SMTP_FROM: 'a@b.test' })).toThrow(/SMTP_URL deve ser um endereço smtp:\/\/ ou smtps:\/\//);
    expect(() => loadConfig({ WHATSAPP_TOKEN: 't' })).toThrow(/WHATSAPP_PHONE_NUMBER_ID/);
    expect(loadConfig({}).messaging.smtp).toBeNull();
  });

  it('late bounces: SMTP_BOUNCE_DOMAIN only with SMTP_URL, BOUNCE_SMTP_PORT only with the domain, off by default', () => {
    const smtp = { SMTP_URL: 'smtp://h:25', SMTP_FROM: 'a@b.test' };
    expect(loadConfig(smtp).messaging.bounce).toBeNull();
    expect(loadConfig({ ...smtp, SMTP_BOUNCE_DOMAIN: ' Bounces.Exemplo.com.br ' }).messaging.bounce).toEqual({ domain: 'bounces.exemplo.com.br', port: null, host: '127.0.0.1' });
    expect(loadConfig({ ...smtp, SMTP_BOUNCE_DOMAIN: 'bounces.b.test', BOUNCE_SMTP_PORT: '2525', BOUNCE_SMTP_HOST: '0.0.0.0' }).messaging.bounce).toEqual({ domain: 'bounces.b.test', port: 2525, host: '0.0.0.0' });
    expect(() => loadConfig({ SMTP_BOUNCE_DOMAIN: 'bounces.b.test' })).toThrow(/SMTP_BOUNCE_DOMAIN só pode ser usada com SMTP_URL/);
    expect(() => loadConfig({ ...smtp, BOUNCE_SMTP_PORT: '2525' })).toThrow(/BOUNCE_SMTP_PORT só pode ser usada com SMTP_BOUNCE_DOMAIN/);
    expect(() => loadConfig({ ...smtp, SMTP_BOUNCE_DOMAIN: 'bounces+x@b.test' })).toThrow(/deve ser um nome de domínio/);
    expect(() => loadConfig({ ...smtp, SMTP_BOUNCE_DOMAIN: 'b.test', BOUNCE_SMTP_PORT: '70000' })).toThrow(/BOUNCE_SMTP_PORT deve ser um número inteiro entre 1 e 65535/);
  });
});
