import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { integracaoEvento } from '../../../db/schema/integracao-webhooks.js';
import { boletoV1Json, garantiaV1Json } from '../api-v1/apresentar.js';

export type EventoParaEnvio = {
  id: string;
  tipo: string;
  recurso: string;
  recurso_id: number;
  sequencia: number;
  dados: Record<string, unknown>;
  dados_completos: boolean;
  criado_em: Date;
};

/**
 * An event's `dados` with its resource as /api/v1 answers it (contracts/api-v1.ts: the same object
 * GET /api/v1/garantias/{id} or /boletos/{id} returns), added the first time the event is sent and
 * stored, so every retry and resend sends the same body. The emitting transaction wrote only the
 * facts (modules/eventos: the emitters cannot import the presenters without a cycle, and a retorno
 * batch writes thousands at once). Acordos and antecipações carry their facts as the resource.
 */
export async function completarDados(db: Db, evento: EventoParaEnvio): Promise<Record<string, unknown>> {
  if (evento.dados_completos) return evento.dados;
  const recurso = await recursoAtual(db, evento.recurso, evento.recurso_id);
  const dados = recurso ? { [evento.recurso]: recurso, ...evento.dados } : evento.dados;
  const [stored] = await db
    .update(integracaoEvento)
    .set({ dados, dados_completos: true })
    .where(and(eq(integracaoEvento.id, evento.id), eq(integracaoEvento.dados_completos, false)))
    .returning({ dados: integracaoEvento.dados });
  if (stored) return stored.dados;
  // another process completed it first: send what it stored
  const [row] = await db.select({ dados: integracaoEvento.dados }).from(integracaoEvento).where(eq(integracaoEvento.id, evento.id));
  return row?.dados ?? dados;
}

async function recursoAtual(db: Db, recurso: string, id: number): Promise<unknown> {
  try {
    if (recurso === 'garantia') return await garantiaV1Json(db, id);
    if (recurso === 'boleto') return await boletoV1Json(db, id);
  } catch {
    // the record is gone (never in practice: nothing deletes guarantees or boletos): the facts alone
    return null;
  }
  return null;
}
