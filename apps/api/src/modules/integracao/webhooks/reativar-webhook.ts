import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../../errors/app-error.js';
import type { Db } from '../../../db/client.js';
import { integracaoEntrega, integracaoWebhook } from '../../../db/schema/integracao-webhooks.js';
import { recordAudit } from '../../audit/record-audit.js';
import type { Actor } from '../../../shared/actor.js';
import { webhookDoAtor } from './webhook-acesso.js';
import { webhookJsonDe } from './webhook-row.js';

/**
 * POST /api/integracao/webhooks/{id}/reativar: a paused endpoint (by hand or after 15 failures)
 * active again with its failure count at zero; its pending deliveries are due at once (in each
 * resource's order, the next tick).
 */
export async function reativarWebhook(db: Db, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    await webhookDoAtor(tx, actor, id, true);
    const [row] = await tx
      .update(integracaoWebhook)
      .set({ status: 'ativo', falhas_consecutivas: 0, pausado_em: null, pausado_motivo: null, aviso_pausa_pendente: false, atualizado_em: sql`now()` })
      .where(and(eq(integracaoWebhook.id, id), eq(integracaoWebhook.status, 'pausado')))
      .returning({ id: integracaoWebhook.id });
    if (!row) throw new AppError('WRONG_STATE', 'O webhook já está ativo.');
    const pendentes = await tx
      .update(integracaoEntrega)
      .set({ proxima_tentativa: sql`now()` })
      .where(and(eq(integracaoEntrega.webhook_id, id), eq(integracaoEntrega.status, 'pendente')))
      .returning({ id: integracaoEntrega.id });
    await recordAudit(tx, actor, { action: 'integracao.webhook.reativar', entity: 'integracao_webhook', entityId: id, summary: { de: 'pausado', para: 'ativo', entregas_pendentes: pendentes.length } });
    return webhookJsonDe(tx, id);
  });
}
