import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { empresa } from '../../../db/schema/index.js';
import { integracaoWebhook } from '../../../db/schema/integracao-webhooks.js';

/** A webhook as the screens and the API answer it (contracts/integracao-webhooks.ts webhookJson): never its secrets. */
export function selectWebhooks(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      id: integracaoWebhook.id,
      empresa_id: integracaoWebhook.empresa_id,
      empresa: empresa.fantasia,
      url: integracaoWebhook.url,
      descricao: integracaoWebhook.descricao,
      eventos: integracaoWebhook.eventos,
      status: integracaoWebhook.status,
      falhas_consecutivas: integracaoWebhook.falhas_consecutivas,
      pausado_em: integracaoWebhook.pausado_em,
      pausado_motivo: integracaoWebhook.pausado_motivo,
      segredo_anterior_expira_em: sql<Date | null>`case when ${integracaoWebhook.segredo_anterior_expira_em} > now() then ${integracaoWebhook.segredo_anterior_expira_em} end`.mapWith(integracaoWebhook.segredo_anterior_expira_em),
      criado_em: integracaoWebhook.criado_em,
      entregas_pendentes: sql<number>`(select count(*)::int from integracao_entrega en where en.webhook_id = ${integracaoWebhook.id} and en.status = 'pendente')`.mapWith(Number),
      ultima_entrega_em: sql<Date | null>`(select max(en.entregue_em) from integracao_entrega en where en.webhook_id = ${integracaoWebhook.id})`.mapWith(integracaoWebhook.criado_em),
    })
    .from(integracaoWebhook)
    .innerJoin(empresa, eq(empresa.id, integracaoWebhook.empresa_id))
    .where(and(isNull(integracaoWebhook.removido_em), where))
    .$dynamic();
}

export async function webhookJsonDe(db: DbOrTx, id: number) {
  const [row] = await selectWebhooks(db, eq(integracaoWebhook.id, id));
  return row;
}

export function filtroEmpresas(empresas: number[] | null): SQL | undefined {
  if (empresas === null) return undefined;
  return empresas.length ? inArray(integracaoWebhook.empresa_id, empresas) : sql`false`;
}
