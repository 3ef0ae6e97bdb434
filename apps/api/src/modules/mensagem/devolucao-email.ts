import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { emailDevolvido, mensagemEvento, mensagemOutbox } from '../../db/schema/index.js';
import { falhaPermanente, type Dsn, type DsnRecipient } from '../../adapters/messaging/dsn.js';
import { mudarEstado, registrarEvento } from './estado-mensagem.js';

/**
 * A bounce that came back days after the server took the message (docs/messaging.md "Bounces"): the
 * bounce listener found message `id` by its signed VERP address and read the DSN. In one transaction,
 * with the message's row locked:
 *
 * - `Action: failed` fails a sent or delivered message with the server's Status and Diagnostic-Code
 *   (estado-mensagem.ts checks the state: a second copy of the same bounce changes nothing);
 * - a permanent failure (5.x.x) also records the address in `email_devolvido`, so no later e-mail is
 *   written to it (the send job suppresses it with this reason);
 * - `Action: delayed` (a soft bounce, 4.x.x) is only written on the message's timeline, once per
 *   status and reason: the remote server is still trying.
 *
 * The DSN's recipient that is the message's own is read; a report about another address (a
 * forwarded mailbox says so in Final-Recipient) is taken when it is the only one.
 */
export type DevolucaoResultado = 'falhou' | 'adiada' | 'sem_efeito';

export async function registrarDevolucao(db: Db, id: number, dsn: Dsn, now: Date): Promise<DevolucaoResultado> {
  return db.transaction(async (tx) => {
    const [msg] = await tx.select({ recipient: mensagemOutbox.recipient, channel: mensagemOutbox.channel }).from(mensagemOutbox).where(eq(mensagemOutbox.id, id)).for('update');
    if (!msg || msg.channel !== 'email') return 'sem_efeito';
    const r = doDestinatario(dsn, msg.recipient);
    if (!r) return 'sem_efeito';
    const motivo = motivoDoServidor(r, dsn.reportingMta);
    if (r.action === 'failed') {
      const moved = await mudarEstado(tx, id, 'failed', {
        at: now,
        detalhe: `Devolvida pelo servidor de destino: ${motivo}`,
        campos: { last_error: `e-mail devolvido: ${motivo}`.slice(0, 1000), erro_codigo: r.status ?? 'DSN' },
      });
      if (falhaPermanente(r)) {
        await tx
          .insert(emailDevolvido)
          .values({ endereco: msg.recipient.toLowerCase(), mensagem_id: id, status: r.status!, motivo: motivo.slice(0, 500) })
          .onConflictDoNothing({ target: emailDevolvido.endereco });
      }
      return moved ? 'falhou' : 'sem_efeito';
    }
    if (r.action === 'delayed') {
      const detalhe = `Entrega adiada pelo servidor de destino (ele continua tentando): ${motivo}`;
      // the same notice again (a retried delivery of the DSN) is not a new event
      const [ja] = await tx.select({ id: mensagemEvento.id }).from(mensagemEvento).where(and(eq(mensagemEvento.mensagem_id, id), eq(mensagemEvento.detalhe, detalhe.slice(0, 500)))).limit(1);
      if (ja) return 'sem_efeito';
      await registrarEvento(tx, id, 'adiada', now, detalhe);
      return 'adiada';
    }
    return 'sem_efeito'; // delivered / relayed / expanded: a success notice, nothing to change
  });
}

/** The DSN's recipient that is the message's address, else the only one it has. */
function doDestinatario(dsn: Dsn, recipient: string): DsnRecipient | null {
  const own = dsn.recipients.find((r) => r.finalRecipient === recipient.toLowerCase());
  return own ?? (dsn.recipients.length === 1 ? dsn.recipients[0] : null);
}

/** "5.1.1 — 550 5.1.1 User unknown (mx.destino.example)": the code and the server's own words. */
function motivoDoServidor(r: DsnRecipient, reportingMta: string | null): string {
  const words = [r.status ?? 'sem código', r.diagnosticCode].filter(Boolean).join(' — ');
  return reportingMta ? `${words} (relatado por ${reportingMta})` : words;
}
