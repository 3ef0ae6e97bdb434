import { describe, expect, it } from 'vitest';
import { comRodapeDescadastro, emailHtml, emailTexto } from './modelos-email.js';

const LINK = 'https://bg.example/api/mensagem/descadastro/7.1800000000.abc_DEF-123';

describe('the descadastro footer of an e-mail', () => {
  it('the layout shows "descadastrar" as a link, and the text body writes the address out', () => {
    const html = emailHtml({ subject: 'Mensagem', text: 'Olá', descadastro: LINK });
    expect(html).toContain(`<a href="${LINK}" style="color:#52606d">descadastrar</a>`);
    expect(html).not.toContain('responda a este e-mail');
    expect(emailTexto({ text: 'Olá', descadastro: LINK })).toBe(`Olá\n\n--\nPara não receber mais e-mails de Boleto Garantido, descadastrar: ${LINK}`);
  });

  it('without a link (no person) the footer asks for a reply and the text has no descadastro line', () => {
    expect(emailHtml({ text: 'Olá' })).toContain('responda a este e-mail pedindo o descadastramento');
    expect(emailTexto({ text: 'Olá', link: 'https://bg.example/x' })).toBe('Olá\n\nhttps://bg.example/x');
  });

  it("a message's own HTML gets the footer before </body>, or at its end", () => {
    expect(comRodapeDescadastro('<html><body><p>Oi</p></BODY></html>', LINK)).toMatch(/<p>Oi<\/p><p [^>]*>.*descadastrar<\/a>\.<\/p>\n<\/BODY><\/html>$/);
    expect(comRodapeDescadastro('<p>Oi</p>', LINK)).toMatch(/^<p>Oi<\/p>\n<p [^>]*>.*descadastrar<\/a>\.<\/p>$/);
    expect(comRodapeDescadastro('<p>Oi</p>', null)).toBe('<p>Oi</p>');
  });

  it('only an http(s) address becomes a link, escaped', () => {
    expect(emailHtml({ text: 'Olá', descadastro: 'javascript:alert(1)' })).not.toContain('javascript:');
    expect(emailHtml({ text: 'Olá', descadastro: 'https://bg.example/a"b' })).toContain('href="https://bg.example/a&quot;b"');
  });
});
