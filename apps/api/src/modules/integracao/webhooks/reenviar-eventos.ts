import { and, eq, sql } from 'drizzle-orm';
import { WEBHOOK_MSG } from '@bg/domain';
import type { Db } from '../../../db/client.js';
import { integracaoEntrega, integracaoEvento } from '../../../db/schema/integracao-webhooks.js';
import { AppError } from '../../../errors/app-error.js';
import { recordAudit } from '../../audit/record-audit.js';
import type { Actor } from '../../../shared/actor.js';
import { webhookDoAtor } from './webhook-acesso.js';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
/** A resend "since" takes at most this many events (older ones: a later `desde`). */
export const REENVIO_MAX = 5000;

/**
 * POST /api/integracao/webhooks/{id}/reenviar: a new delivery (`reenvio`) of one event of this
 * endpoint's shop, or of every event of the shop since a moment that this endpoint receives (its
 * current choice of events), oldest first. The same event id and body: a receiver that stores ids
 * recognises what it already has. Delivered by the same job, in each resource's order.
 */
export async function reenviarEventos(db: Db, actor: Actor, id: number, alvo: { evento_id?: string; desde?: string }) {
  return db.transaction(async (tx) => {
    const hook = await webhookDoAtor(tx, actor, id, true);
    let eventos: string[];
    if (alvo.evento_id) {
      const [ev] = await tx
        .select({ id: integracaoEvento.id })
        .from(integracaoEvento)
        .where(and(eq(integracaoEvento.id, alvo.evento_id), eq(integracaoEvento.empresa_id, hook.empresa_id)));
      if (!ev) throw new AppError('NOT_FOUND', WEBHOOK_MSG.eventoNaoEncontrado);
      eventos = [ev.id];
    } else if (alvo.desde) {
      // a date alone is that day's start in São Paulo; a date-time is taken as written (with its offset)
      const desde = /^\d{4}-\d{2}-\d{2}$/.test(alvo.desde) ? sql`(${alvo.desde}::date)::timestamp at time zone 'America/Sao_Paulo'` : sql`${alvo.desde}::timestamptz`;
      eventos = rowsOf<{ id: string }>(
        await tx.execute(sql`
          select e.id from integracao_evento e join integracao_webhook w on w.id = ${id}
           where e.empresa_id = w.empresa_id and e.criado_em >= ${desde} and e.recurso <> 'webhook'
             and (w.eventos @> array['*'] or e.tipo = any(w.eventos))
           order by e.criado_em, e.sequencia
           limit ${REENVIO_MAX}`),
      ).map((r) => r.id);
    } else throw new AppError('VALIDATION', WEBHOOK_MSG.reenvioSemAlvo, { errors: { evento_id: WEBHOOK_MSG.reenvioSemAlvo } });
    if (eventos.length) {
      await tx.insert(integracaoEntrega).values(eventos.map((evento_id) => ({ evento_id, webhook_id: id, reenvio: true, criado_por: actor.id })));
    }
    await recordAudit(tx, actor, { action: 'integracao.webhook.reenviar', entity: 'integracao_webhook', entityId: id, summary: { ...alvo, entregas: eventos.length } });
    return { entregas: eventos.length };
  });
}
