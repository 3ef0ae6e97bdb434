import { eq } from 'drizzle-orm';
import { webhookCriarSchema, type WebhookCriarInput } from '@bg/domain';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { empresa } from '../../../db/schema/index.js';
import { integracaoWebhook } from '../../../db/schema/integracao-webhooks.js';
import { AppError } from '../../../errors/app-error.js';
import type { SecretBox } from '../../auth/secret-box.js';
import { recordAudit } from '../../audit/record-audit.js';
import type { Actor } from '../../../shared/actor.js';
import { novoSegredo, selarSegredo } from './assinatura.js';
import { assertMayManage } from './webhook-acesso.js';
import { checkWebhookUrl } from './webhook-url.js';

export type WebhookDeps = { box: SecretBox; privateUrls: boolean };

/** The URL refused as a 422 on the `url` field. */
export function assertUrlAceita(url: string, privateUrls: boolean): void {
  const recusa = checkWebhookUrl(url, privateUrls);
  if (recusa) throw new AppError('VALIDATION', recusa, { errors: { url: recusa } });
}

/**
 * POST /api/integracao/webhooks: a shop's endpoint with the events it receives. The signing secret
 * is made here, answered once and kept sealed (assinatura.ts); the screens never show it again.
 */
export async function criarWebhook(db: Db, deps: WebhookDeps, actor: Actor, input: z.output<typeof webhookCriarSchema> | WebhookCriarInput) {
  const data = webhookCriarSchema.parse(input);
  assertMayManage(actor, data.empresa_id);
  assertUrlAceita(data.url, deps.privateUrls);
  const segredo = novoSegredo();
  return db.transaction(async (tx) => {
    const [loja] = await tx.select({ id: empresa.id }).from(empresa).where(eq(empresa.id, data.empresa_id));
    if (!loja) throw new AppError('VALIDATION', 'Loja não encontrada.', { errors: { empresa_id: 'Loja não encontrada.' } });
    const [row] = await tx
      .insert(integracaoWebhook)
      .values({
        empresa_id: data.empresa_id,
        url: data.url,
        descricao: data.descricao ?? null,
        eventos: data.eventos,
        segredo: selarSegredo(deps.box, data.empresa_id, segredo),
        criado_por: actor.id,
      })
      .returning({ id: integracaoWebhook.id });
    await recordAudit(tx, actor, { action: 'integracao.webhook.criar', entity: 'integracao_webhook', entityId: row.id, summary: { empresa_id: data.empresa_id, url: data.url, eventos: data.eventos } });
    return { id: row.id, segredo };
  });
}
