import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { EntregaStatus } from '@bg/domain';
import type { Db } from '../../../db/client.js';
import { integracaoEntrega, integracaoEntregaTentativa, integracaoEvento } from '../../../db/schema/integracao-webhooks.js';
import type { Actor } from '../../../shared/actor.js';
import type { PageInput } from '../../../shared/paging.js';
import { pagedSelect } from '../../../shared/paged-select.js';
import { webhookDoAtor } from './webhook-acesso.js';

export type EntregaFiltros = { status?: EntregaStatus; tipo?: string; desde?: string };

/**
 * GET /api/integracao/webhooks/{id}/entregas: the endpoint's deliveries, newest first, each with
 * every attempt (time, HTTP status, latency, the answer's first 1 KB or the error). Filters: status,
 * event type, events since a day (São Paulo).
 */
export async function listarEntregas(db: Db, actor: Actor, id: number, input: PageInput & EntregaFiltros) {
  await webhookDoAtor(db, actor, id);
  const where = and(
    eq(integracaoEntrega.webhook_id, id),
    input.status ? eq(integracaoEntrega.status, input.status) : undefined,
    input.tipo ? eq(integracaoEvento.tipo, input.tipo) : undefined,
    input.desde ? gte(integracaoEvento.criado_em, sql`(${input.desde}::date)::timestamp at time zone 'America/Sao_Paulo'`) : undefined,
  );
  const query = db
    .select({
      id: integracaoEntrega.id,
      evento_id: integracaoEvento.id,
      tipo: integracaoEvento.tipo,
      recurso: integracaoEvento.recurso,
      recurso_id: integracaoEvento.recurso_id,
      sequencia: integracaoEvento.sequencia,
      evento_criado_em: integracaoEvento.criado_em,
      status: integracaoEntrega.status,
      tentativas: integracaoEntrega.tentativas,
      proxima_tentativa: integracaoEntrega.proxima_tentativa,
      ultimo_status_http: integracaoEntrega.ultimo_status_http,
      entregue_em: integracaoEntrega.entregue_em,
      reenvio: integracaoEntrega.reenvio,
      criado_em: integracaoEntrega.criado_em,
    })
    .from(integracaoEntrega)
    .innerJoin(integracaoEvento, eq(integracaoEvento.id, integracaoEntrega.evento_id))
    .where(where)
    .$dynamic();
  const page = await pagedSelect(db, query, { ...input, orderBy: [desc(integracaoEntrega.criado_em), desc(integracaoEntrega.id)] });
  const ids = page.data.map((e) => e.id);
  const tentativas = ids.length
    ? await db.select().from(integracaoEntregaTentativa).where(inArray(integracaoEntregaTentativa.entrega_id, ids)).orderBy(asc(integracaoEntregaTentativa.em), asc(integracaoEntregaTentativa.id))
    : [];
  return {
    ...page,
    data: page.data.map((e) => ({
      ...e,
      proxima_tentativa: e.status === 'pendente' ? e.proxima_tentativa : null,
      historico: tentativas
        .filter((t) => t.entrega_id === e.id)
        .map((t) => ({ em: t.em, status_http: t.status_http, latencia_ms: t.latencia_ms, sucesso: t.sucesso, resposta: t.resposta, erro: t.erro })),
    })),
  };
}
