import { and, desc, eq, gte, inArray, isNull } from 'drizzle-orm';
import { WEBHOOK_FALHAS_PARA_PAUSAR } from '@bg/domain';
import type { DbOrTx } from '../../../db/client.js';
import { empresa } from '../../../db/schema/index.js';
import { integracaoWebhook } from '../../../db/schema/integracao-webhooks.js';

const LIMITE = 10;

/**
 * Início's notice (decision 118): the endpoints paused by failures (not by hand) of the given shops
 * (null: every shop, for administradores), newest first — the shop was also told by e-mail. Absent
 * when there is none.
 */
export async function webhooksPausadosResumo(db: DbOrTx, empresas: number[] | null) {
  if (empresas !== null && !empresas.length) return {};
  const rows = await db
    .select({
      id: integracaoWebhook.id,
      empresa_id: integracaoWebhook.empresa_id,
      empresa: empresa.fantasia,
      url: integracaoWebhook.url,
      pausado_em: integracaoWebhook.pausado_em,
      motivo: integracaoWebhook.pausado_motivo,
    })
    .from(integracaoWebhook)
    .innerJoin(empresa, eq(empresa.id, integracaoWebhook.empresa_id))
    .where(
      and(
        eq(integracaoWebhook.status, 'pausado'),
        isNull(integracaoWebhook.removido_em),
        // paused by the delivery job: 15 failures; a pause by hand is the user's own choice
        gte(integracaoWebhook.falhas_consecutivas, WEBHOOK_FALHAS_PARA_PAUSAR),
        empresas === null ? undefined : inArray(integracaoWebhook.empresa_id, empresas),
      ),
    )
    .orderBy(desc(integracaoWebhook.pausado_em), desc(integracaoWebhook.id))
    .limit(LIMITE);
  return rows.length ? { webhooksPausados: rows } : {};
}
