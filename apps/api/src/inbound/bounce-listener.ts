import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { Db } from '../db/client.js';
import { parseDsn } from '../adapters/messaging/dsn.js';
import type { VerpSigner } from '../adapters/messaging/verp.js';
import { registrarDevolucao } from '../modules/mensagem/devolucao-email.js';

/**
 * The inbound SMTP listener for late bounces (docs/messaging.md "Bounces"), started by main.ts only
 * with BOUNCE_SMTP_PORT. The MX of SMTP_BOUNCE_DOMAIN (or a relay on this machine) delivers here the
 * DSNs that come back to each e-mail's VERP Return-Path. It is a receiver for one purpose:
 *
 * - RCPT TO only a valid signed `bounces+<id>.<mac>@<domain>` (verp.ts): 550 for anyone else, so it
 *   is no open relay and a forged address fails no message; at most 20 recipients per message;
 * - no AUTH, no STARTTLS (bounces arrive unauthenticated from any MTA; the signature is the proof);
 *   1 MB per message (a DSN is a few KB plus the returned headers), 20 connections at once, 60 s of
 *   silence closes a connection;
 * - the message is read as an RFC 3464 report (dsn.ts); anything else (an auto-reply, garbage) is
 *   accepted and dropped, since a refusal would only make the relay write a bounce of a bounce;
 * - a database failure answers 451, so the sending MTA keeps the DSN and tries again later.
 *
 * Never throws on what a client sends: smtp-server's own errors are logged.
 */
export type BounceListener = { port: number; close(): Promise<void> };

type Log = { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };

export const BOUNCE_MAX_BYTES = 1024 * 1024;
const MAX_RECIPIENTS = 20;

export async function startBounceListener(options: { db: Db; verp: VerpSigner; host: string; port: number; now: () => Date; log: Log }): Promise<BounceListener> {
  const { db, verp, log } = options;
  const refuse = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });
  const server = new SMTPServer({
    name: verp.domain,
    banner: 'devoluções de e-mail do Boleto Garantido',
    logger: false,
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    size: BOUNCE_MAX_BYTES,
    maxClients: 20,
    socketTimeout: 60_000,
    closeTimeout: 5_000,
    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) return callback(refuse(452, '4.5.3 Destinatários demais nesta mensagem'));
      if (verp.read(address.address) === null) return callback(refuse(550, '5.1.1 Destinatário desconhecido: este servidor só recebe devoluções assinadas'));
      callback();
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      let bytes = 0;
      stream.on('data', (c: Buffer) => {
        bytes += c.length;
        // past the limit the rest is drained, not kept: smtp-server marks sizeExceeded at the end
        if (bytes <= BOUNCE_MAX_BYTES) chunks.push(c);
      });
      stream.on('error', () => callback(refuse(451, '4.3.0 Falha ao ler a mensagem')));
      stream.on('end', () => {
        if (stream.sizeExceeded) return callback(refuse(552, '5.3.4 Mensagem maior que 1 MB'));
        void receive(Buffer.concat(chunks), session)
          .then(() => callback())
          .catch((err: unknown) => {
            log.warn({ err: err instanceof Error ? err.message : String(err) }, 'devolução de e-mail não registrada');
            callback(refuse(451, '4.3.0 Não foi possível registrar a devolução agora; tente mais tarde'));
          });
      });
    },
  });

  async function receive(raw: Buffer, session: SMTPServerSession): Promise<void> {
    const dsn = parseDsn(raw);
    const ids = session.envelope.rcptTo.map((r) => verp.read(r.address)).filter((id): id is number => id !== null);
    if (!dsn) {
      log.info({ mensagens: ids, bytes: raw.length }, 'devolução de e-mail ignorada: não é um relatório de entrega (RFC 3464)');
      return;
    }
    for (const id of new Set(ids)) {
      const resultado = await registrarDevolucao(db, id, dsn, options.now());
      log.info({ mensagem_id: id, resultado, status: dsn.recipients[0]?.status }, 'devolução de e-mail recebida');
    }
  }

  server.on('error', (err) => log.warn({ err: err.message }, 'servidor de devoluções: erro de conexão'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
