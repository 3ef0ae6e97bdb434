import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

/**
 * A real SMTP server for tests (smtp-server + mailparser): it speaks SMTP on 127.0.0.1, asks for
 * AUTH (PLAIN/LOGIN, over the plain connection: STARTTLS is off so no certificate is needed), and
 * keeps every message it accepted, parsed (headers, text, html, attachments). `reject` answers a
 * recipient with an SMTP error (550 permanent, 451 temporary…) to exercise the client's handling.
 *
 *   const smtp = await startSmtpTestServer();            // or { port: 2525 } for a fixed port
 *   const config = loadConfig({ SMTP_URL: smtp.url, SMTP_FROM: 'Cobrança <cobranca@bg.test>' });
 *   …
 *   const mail = await smtp.waitFor((m) => m.to === 'cliente@example.com');
 *   await smtp.close();
 */
export type ReceivedMail = { to: string[]; from: string; raw: Buffer; parsed: ParsedMail };

export type SmtpTestServer = {
  port: number;
  /** `smtp://user:pass@127.0.0.1:port` — what SMTP_URL takes. */
  url: string;
  user: string;
  password: string;
  received: ReceivedMail[];
  /** Replies to RCPT TO: a `{ code, message }` refuses the recipient with that reply; null accepts it. */
  reject: (recipient: string) => { code: number; message: string } | null;
  /** How many RCPT TO each address got (accepted or not): the client's attempts. */
  attempts: Map<string, number>;
  /** Resolves with the first received mail that matches (polls up to timeoutMs). */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
};

export async function startSmtpTestServer(options: { port?: number; user?: string; password?: string } = {}): Promise<SmtpTestServer> {
  const user = options.user ?? 'bg-teste';
  const password = options.password ?? 's3nh@-smtp';
  const state: Pick<SmtpTestServer, 'received' | 'reject' | 'attempts'> = { received: [], reject: () => null, attempts: new Map() };
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    size: 20 * 1024 * 1024,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) return callback(null, { user: auth.username });
      callback(Object.assign(new Error('Credenciais inválidas'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      state.attempts.set(to, (state.attempts.get(to) ?? 0) + 1);
      const refusal = state.reject(to);
      if (refusal) return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((parsed) => {
            state.received.push({
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              raw,
              parsed,
            });
            callback();
          })
          .catch((err: Error) => callback(err));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  const api: SmtpTestServer = {
    port,
    url: `smtp://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}`,
    user,
    password,
    get received() {
      return state.received;
    },
    get reject() {
      return state.reject;
    },
    set reject(fn) {
      state.reject = fn;
    },
    get attempts() {
      return state.attempts;
    },
    async waitFor(match, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = state.received.find(match);
        if (found) return found;
        if (Date.now() > until) throw new Error('servidor SMTP de teste: a mensagem esperada não chegou');
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return api;
}
