import { and, eq, inArray } from 'drizzle-orm';
import type { MensagemStatus } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { mensagemEvento, mensagemOutbox } from '../../db/schema/index.js';

/**
 * The outbox's state machine (docs/messaging.md "Estados de uma mensagem"):
 *
 *   queued → sent → delivered → read
 *      ↘      ↘
 *    suppressed  failed
 *
 * A state is entered only from the states before it, checked in the UPDATE itself (`status IN
 * (…)`), so a repeated webhook, a job run twice or two processes at once change a message once, and
 * it never goes backwards: "delivered" after "read" and "sent" after "delivered" change nothing.
 * "delivered" and "read" may skip the states before them (a webhook lost or out of order). Each
 * change writes its event (mensagem_evento) in the same transaction: the timeline is exactly the
 * changes that happened.
 */
const ANTES: Record<Exclude<MensagemStatus, 'queued'>, MensagemStatus[]> = {
  sent: ['queued'],
  delivered: ['queued', 'sent'],
  read: ['queued', 'sent', 'delivered'],
  failed: ['queued', 'sent'],
  suppressed: ['queued'],
};

type Campos = Partial<Pick<typeof mensagemOutbox.$inferInsert, 'attempts' | 'last_error' | 'erro_codigo' | 'provider' | 'provider_id' | 'sent_at' | 'delivered_at' | 'read_at'>>;

/**
 * Moves message `id` to `novo` if it is in a state before it; answers whether it moved. `at` is when
 * it happened (the provider's timestamp for a webhook), `detalhe` what the timeline shows.
 */
export async function mudarEstado(
  db: DbOrTx,
  id: number,
  novo: Exclude<MensagemStatus, 'queued'>,
  opts: { at: Date; detalhe?: string | null; campos?: Campos },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ sent_at: mensagemOutbox.sent_at, delivered_at: mensagemOutbox.delivered_at }).from(mensagemOutbox).where(eq(mensagemOutbox.id, id)).for('update');
    if (!before) return false;
    const set: Campos & { status: MensagemStatus } = { status: novo, ...opts.campos };
    // the receipts imply the steps before them (a lost "sent" webhook still leaves the times coherent)
    if (novo === 'sent' || novo === 'delivered' || novo === 'read') set.sent_at ??= before.sent_at ?? opts.at;
    if (novo === 'delivered' || novo === 'read') set.delivered_at ??= before.delivered_at ?? opts.at;
    if (novo === 'read') set.read_at ??= opts.at;
    const moved = await tx
      .update(mensagemOutbox)
      .set(set)
      .where(and(eq(mensagemOutbox.id, id), inArray(mensagemOutbox.status, ANTES[novo])))
      .returning({ id: mensagemOutbox.id });
    if (moved.length === 0) return false;
    await tx.insert(mensagemEvento).values({ mensagem_id: id, status: novo, at: opts.at, detalhe: opts.detalhe?.slice(0, 500) ?? null });
    return true;
  });
}

/** An event that is not a change of state (a failed attempt that will be retried). */
export async function registrarEvento(db: DbOrTx, id: number, status: string, at: Date, detalhe: string | null): Promise<void> {
  await db.insert(mensagemEvento).values({ mensagem_id: id, status, at, detalhe: detalhe?.slice(0, 500) ?? null });
}
