import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { integracaoWebhook } from '../../../db/schema/integracao-webhooks.js';
import type { SecretBox } from '../../auth/secret-box.js';
import { recordAudit } from '../../audit/record-audit.js';
import type { Actor } from '../../../shared/actor.js';
import { novoSegredo, selarSegredo } from './assinatura.js';
import { webhookDoAtor } from './webhook-acesso.js';

export const SOBREPOSICAO_PADRAO_HORAS = 24;

/**
 * POST /api/integracao/webhooks/{id}/rotacionar-segredo: a new secret, answered once. For
 * `horas_sobreposicao` (default 24, 0 = none) the current one becomes the previous one and keeps
 * signing beside it (two `v1=` in X-Assinatura), so the shop switches its receiver without losing
 * a delivery. A rotation during an overlap drops the oldest secret.
 */
export async function rotacionarSegredo(db: Db, box: SecretBox, actor: Actor, id: number, horas = SOBREPOSICAO_PADRAO_HORAS) {
  const segredo = novoSegredo();
  return db.transaction(async (tx) => {
    const atual = await webhookDoAtor(tx, actor, id, true);
    const [row] = await tx
      .update(integracaoWebhook)
      .set({
        segredo: selarSegredo(box, atual.empresa_id, segredo),
        segredo_anterior: horas > 0 ? atual.segredo : null,
        segredo_anterior_expira_em: horas > 0 ? sql`now() + make_interval(hours => ${horas})` : null,
        atualizado_em: sql`now()`,
      })
      .where(eq(integracaoWebhook.id, id))
      .returning({ expira: integracaoWebhook.segredo_anterior_expira_em });
    await recordAudit(tx, actor, { action: 'integracao.webhook.rotacionar', entity: 'integracao_webhook', entityId: id, summary: { horas_sobreposicao: horas } });
    return { segredo, anterior_expira_em: row.expira };
  });
}
