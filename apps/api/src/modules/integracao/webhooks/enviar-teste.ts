import { sql } from 'drizzle-orm';
import { WEBHOOK_EVENTO_TESTE } from '@bg/domain';
import type { Db } from '../../../db/client.js';
import { integracaoEntrega, integracaoEvento } from '../../../db/schema/integracao-webhooks.js';
import { recordAudit } from '../../audit/record-audit.js';
import type { Actor } from '../../../shared/actor.js';
import { webhookDoAtor } from './webhook-acesso.js';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * POST /api/integracao/webhooks/{id}/teste ("Enviar evento de teste"): a `webhook.teste` event
 * delivered to this endpoint only, signed and logged like any other — also while it is paused it
 * waits like the rest. `dados` says which endpoint and shop it is, nothing else.
 */
export async function enviarTeste(db: Db, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    const hook = await webhookDoAtor(tx, actor, id, true);
    const [seq] = rowsOf<{ ultima: number }>(
      await tx.execute(sql`
        insert into integracao_sequencia (recurso, recurso_id, ultima) values ('webhook', ${id}, 1)
        on conflict (recurso, recurso_id) do update set ultima = integracao_sequencia.ultima + 1
        returning ultima`),
    );
    const [evento] = await tx
      .insert(integracaoEvento)
      .values({
        empresa_id: hook.empresa_id,
        tipo: WEBHOOK_EVENTO_TESTE,
        recurso: 'webhook',
        recurso_id: id,
        sequencia: seq.ultima,
        dados: { webhook: { id, url: hook.url, empresa_id: hook.empresa_id }, mensagem: 'Evento de teste enviado pelo Boleto Garantido.' },
        dados_completos: true,
      })
      .returning({ id: integracaoEvento.id });
    await tx.insert(integracaoEntrega).values({ evento_id: evento.id, webhook_id: id, criado_por: actor.id });
    await recordAudit(tx, actor, { action: 'integracao.webhook.teste', entity: 'integracao_webhook', entityId: id, summary: { evento_id: evento.id } });
    return { evento_id: evento.id };
  });
}
