import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { integracaoEntrega, integracaoWebhook } from '../../../db/schema/integracao-webhooks.js';
import { recordAudit } from '../../audit/record-audit.js';
import type { Actor } from '../../../shared/actor.js';
import { webhookDoAtor } from './webhook-acesso.js';

/**
 * DELETE /api/integracao/webhooks/{id}: no new events, pending deliveries cancelled. The row stays
 * (removido_em) so its delivery log and the audit still name it; a second call is 404.
 */
export async function removerWebhook(db: Db, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    const atual = await webhookDoAtor(tx, actor, id, true);
    await tx.update(integracaoWebhook).set({ removido_em: sql`now()`, atualizado_em: sql`now()` }).where(eq(integracaoWebhook.id, id));
    const canceladas = await tx
      .update(integracaoEntrega)
      .set({ status: 'cancelada' })
      .where(and(eq(integracaoEntrega.webhook_id, id), eq(integracaoEntrega.status, 'pendente')))
      .returning({ id: integracaoEntrega.id });
    await recordAudit(tx, actor, { action: 'integracao.webhook.remover', entity: 'integracao_webhook', entityId: id, summary: { url: atual.url, entregas_canceladas: canceladas.length } });
  });
}
