// The browser suite's mailbox (scripts/e2e-server.mjs): a real SMTP server (the `smtp-server`
// package the API's integration tests use, apps/api/test/mensageria/smtp-test-server.ts) that
// accepts every message the e2e server sends through SMTP_URL and writes each one, as received, to
// <dir>/<n>.eml — the specs run in other processes and read them there
// (apps/web/e2e/support/caixa-de-email.ts). No TLS and no AUTH: it listens on 127.0.0.1 only.
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** Starts the sink on a free port of 127.0.0.1; answers its port and how to stop it. */
export async function startMailSink(dir) {
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: 20 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        const name = `${String(++count).padStart(6, '0')}.eml`;
        // written aside and renamed, so a reader never sees half a message
        const tmp = path.join(dir, `.${name}`);
        fs.writeFileSync(tmp, Buffer.concat(chunks));
        fs.renameSync(tmp, path.join(dir, name));
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return { port: server.server.address().port, close: () => new Promise((resolve) => server.close(resolve)) };
}
