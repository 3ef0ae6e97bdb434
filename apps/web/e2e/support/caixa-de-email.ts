import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/**
 * The e2e server's mailbox: every e-mail it sent through SMTP, as the suite's SMTP server
 * (scripts/e2e-mail-sink.mjs) received it, one .eml file each in E2E_MAIL_DIR (playwright.config.ts).
 */
const parsed = new Map<string, ParsedMail>();

function destinatarios(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
}

/** The first e-mail to `para` that `match` accepts, waiting for it up to `timeoutMs`. */
export async function esperarEmail(para: string, match: (mail: ParsedMail) => boolean = () => true, timeoutMs = 30_000): Promise<ParsedMail> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR não definida: a caixa de e-mail vem de playwright.config.ts');
  const until = Date.now() + timeoutMs;
  for (;;) {
    const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith('.eml') && !n.startsWith('.')).sort() : [];
    for (const name of names) {
      if (!parsed.has(name)) parsed.set(name, await simpleParser(fs.readFileSync(path.join(dir, name))));
      const mail = parsed.get(name)!;
      if (destinatarios(mail).includes(para.toLowerCase()) && match(mail)) return mail;
    }
    if (Date.now() > until) throw new Error(`nenhum e-mail para ${para} chegou em ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
