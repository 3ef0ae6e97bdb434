import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * The transactional outbox of the events the shops' systems receive by webhook (issue 28,
 * decision 118, docs/api.md "Webhooks"). Use-cases call these inside their own transaction, right
 * after the change: the event and its deliveries commit with the change or not at all, so no change
 * is lost and none is announced that was rolled back. The delivery job
 * (modules/integracao/webhooks/entregar-job.ts) sends them after the commit.
 *
 * It lives in a module folder of its own, importing only the database, because every feature
 * emits (garantia, boletos, cnab, cobranca, antecipacao) while the webhooks module reads those
 * features to present the resource: an event carries its facts here, and the delivery job adds the
 * resource as /api/v1 answers it the first time the event is sent.
 *
 * Set-based: one statement for any number of events (a retorno batch of thousands of boletos), and
 * an event is written only for a shop with an endpoint that receives its type — a shop without
 * webhooks costs one index probe per row and writes nothing.
 */
export type EventoRecurso = 'garantia' | 'boleto' | 'acordo' | 'antecipacao' | 'webhook';

export type EventoNovo = {
  tipo: string;
  recursoId: number;
  /** The shop; for a boleto it may be left out (read from boleto.empresa_id). */
  empresaId?: number | null;
  /** The event's own facts (the amount paid, the date…); the resource is added at delivery. */
  dados?: Record<string, unknown>;
};

/**
 * Writes the events of one kind of resource, each with the next sequence number of its resource,
 * and one pending delivery per subscribed endpoint of its shop. At most one event per resource in
 * one call (the sequence upsert touches each resource's row once). Answers how many were written.
 */
export async function emitirEventos(tx: DbOrTx, recurso: EventoRecurso, eventos: readonly EventoNovo[]): Promise<number> {
  if (!eventos.length) return 0;
  // one tiny probe first: with no endpoint receiving these types anywhere (the usual case of a bulk
  // retorno, and of every install without webhooks) nothing else is sent to the database
  const tipos = [...new Set(eventos.map((e) => e.tipo))];
  const probe = await tx.execute(sql`
    select exists (select 1 from integracao_webhook w where w.removido_em is null
                    and (w.eventos @> array['*'] or w.eventos && ${`{${tipos.map((t) => `"${t}"`).join(',')}}`}::text[])) as alguma`);
  if (!(probe as { rows: { alguma: boolean }[] }).rows[0]?.alguma) return 0;
  const payload = JSON.stringify(eventos.map((e) => ({ r: e.recursoId, t: e.tipo, e: e.empresaId ?? null, d: e.dados ?? {} })));
  const res = await tx.execute(sql`
    with novo as (
      select (x->>'r')::int as recurso_id, x->>'t' as tipo, x->'d' as dados,
             coalesce((x->>'e')::int, case when ${recurso} = 'boleto' then (select b.empresa_id from boleto b where b.id = (x->>'r')::int) end) as empresa_id
        from jsonb_array_elements(${payload}::jsonb) x
    ), alvo as (
      select novo.* from novo
       where exists (select 1 from integracao_webhook w
                      where w.empresa_id = novo.empresa_id and w.removido_em is null
                        and (w.eventos @> array['*'] or novo.tipo = any(w.eventos)))
    ), seq as (
      insert into integracao_sequencia (recurso, recurso_id, ultima)
      select ${recurso}, recurso_id, 1 from alvo
      on conflict (recurso, recurso_id) do update set ultima = integracao_sequencia.ultima + 1
      returning recurso_id, ultima
    ), ev as (
      insert into integracao_evento (empresa_id, tipo, recurso, recurso_id, sequencia, dados, dados_completos)
      select alvo.empresa_id, alvo.tipo, ${recurso}, alvo.recurso_id, seq.ultima, alvo.dados, false
        from alvo join seq on seq.recurso_id = alvo.recurso_id
      returning id, empresa_id, tipo
    ), ent as (
      insert into integracao_entrega (evento_id, webhook_id)
      select ev.id, w.id from ev
        join integracao_webhook w on w.empresa_id = ev.empresa_id and w.removido_em is null
                                 and (w.eventos @> array['*'] or ev.tipo = any(w.eventos))
      returning 1
    )
    select (select count(*)::int from ev) as n, (select count(*)::int from ent) as entregas`);
  return Number((res as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/** One event (a use-case's single change). */
export function emitirEvento(tx: DbOrTx, recurso: EventoRecurso, evento: EventoNovo): Promise<number> {
  return emitirEventos(tx, recurso, [evento]);
}
