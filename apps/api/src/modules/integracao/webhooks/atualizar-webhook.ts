import { eq, sql } from 'drizzle-orm';
import { webhookAtualizarSchema } from '@bg/domain';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { integracaoWebhook } from '../../../db/schema/integracao-webhooks.js';
import { recordAudit } from '../../audit/record-audit.js';
import type { Actor } from '../../../shared/actor.js';
import { assertUrlAceita } from './criar-webhook.js';
import { webhookDoAtor } from './webhook-acesso.js';
import { webhookJsonDe } from './webhook-row.js';

/**
 * POST /api/integracao/webhooks/{id}: a new address, events or description. Events already
 * written keep their deliveries (to the new address); a type no longer chosen gets no new events.
 */
export async function atualizarWebhook(db: Db, deps: { privateUrls: boolean }, actor: Actor, id: number, input: z.input<typeof webhookAtualizarSchema>) {
  const data = webhookAtualizarSchema.parse(input);
  if (data.url !== undefined) assertUrlAceita(data.url, deps.privateUrls);
  return db.transaction(async (tx) => {
    const atual = await webhookDoAtor(tx, actor, id, true);
    await tx
      .update(integracaoWebhook)
      .set({
        ...(data.url !== undefined ? { url: data.url } : {}),
        ...(data.eventos !== undefined ? { eventos: data.eventos } : {}),
        ...(data.descricao !== undefined ? { descricao: data.descricao } : {}),
        atualizado_em: sql`now()`,
      })
      .where(eq(integracaoWebhook.id, id));
    await recordAudit(tx, actor, {
      action: 'integracao.webhook.atualizar',
      entity: 'integracao_webhook',
      entityId: id,
      summary: { de: { url: atual.url, eventos: atual.eventos, descricao: atual.descricao }, para: data },
    });
    return webhookJsonDe(tx, id);
  });
}
