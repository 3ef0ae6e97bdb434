import { and, desc, eq, inArray } from 'drizzle-orm';
import type { MensagemChannel } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { mensagemConsentimento } from '../../db/schema/index.js';

/**
 * Opt-in / opt-out per person and channel (issue 27, docs/messaging.md "Consentimento"). The table
 * is append-only: each choice is a new row with its date and source, the latest one per (pessoa,
 * channel) is the current choice, and no row at all means the person never left the channel.
 * Nothing is sent on a channel the person left (the outbox suppresses it, the régua skips it).
 */
export type OrigemConsentimento = 'whatsapp' | 'email' | 'operador' | 'pagina_pagador' | 'cadastro';

export async function registrarConsentimento(
  db: DbOrTx,
  input: { pessoaId: number; channel: MensagemChannel; aceito: boolean; origem: OrigemConsentimento; detalhe?: string | null; actorId?: number | null },
): Promise<void> {
  await db.insert(mensagemConsentimento).values({
    pessoa_id: input.pessoaId,
    channel: input.channel,
    aceito: input.aceito,
    origem: input.origem,
    detalhe: input.detalhe?.slice(0, 300) ?? null,
    created_by: input.actorId ?? null,
  });
}

/** Whether the person's latest choice on that channel is to leave it. */
export async function canalRecusado(db: DbOrTx, pessoaId: number, channel: MensagemChannel): Promise<boolean> {
  const [last] = await db
    .select({ aceito: mensagemConsentimento.aceito })
    .from(mensagemConsentimento)
    .where(and(eq(mensagemConsentimento.pessoa_id, pessoaId), eq(mensagemConsentimento.channel, channel)))
    .orderBy(desc(mensagemConsentimento.created_at), desc(mensagemConsentimento.id))
    .limit(1);
  return last !== undefined && !last.aceito;
}

/** Of these people, the ones whose latest choice on the channel is to leave it (one query, for daily runs). */
export async function pessoasQueRecusaram(db: DbOrTx, pessoaIds: readonly number[], channel: MensagemChannel): Promise<Set<number>> {
  if (pessoaIds.length === 0) return new Set();
  const rows = (await db
    .selectDistinctOn([mensagemConsentimento.pessoa_id], { pessoa_id: mensagemConsentimento.pessoa_id, aceito: mensagemConsentimento.aceito })
    .from(mensagemConsentimento)
    .where(and(inArray(mensagemConsentimento.pessoa_id, [...pessoaIds]), eq(mensagemConsentimento.channel, channel)))
    .orderBy(mensagemConsentimento.pessoa_id, desc(mensagemConsentimento.created_at), desc(mensagemConsentimento.id))) as { pessoa_id: number; aceito: boolean }[];
  return new Set(rows.filter((r) => !r.aceito).map((r) => r.pessoa_id));
}
