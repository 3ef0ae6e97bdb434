import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../../errors/app-error.js';
import type { Db } from '../../../db/client.js';
import { integracaoWebhook } from '../../../db/schema/integracao-webhooks.js';
import { recordAudit } from '../../audit/record-audit.js';
import type { Actor } from '../../../shared/actor.js';
import { webhookDoAtor } from './webhook-acesso.js';
import { webhookJsonDe } from './webhook-row.js';

/** POST /api/integracao/webhooks/{id}/pausar: deliveries stop; events keep being written and wait. */
export async function pausarWebhook(db: Db, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    await webhookDoAtor(tx, actor, id, true);
    const [row] = await tx
      .update(integracaoWebhook)
      .set({ status: 'pausado', pausado_em: sql`now()`, pausado_motivo: `Pausado por ${actor.name}`.slice(0, 200), atualizado_em: sql`now()` })
      .where(and(eq(integracaoWebhook.id, id), eq(integracaoWebhook.status, 'ativo')))
      .returning({ id: integracaoWebhook.id });
    if (!row) throw new AppError('WRONG_STATE', 'O webhook já está pausado.');
    await recordAudit(tx, actor, { action: 'integracao.webhook.pausar', entity: 'integracao_webhook', entityId: id, summary: { de: 'ativo', para: 'pausado' } });
    return webhookJsonDe(tx, id);
  });
}
