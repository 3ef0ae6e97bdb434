import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../shared/actor.js';
import { webhookDoAtor } from './webhook-acesso.js';
import { webhookJsonDe } from './webhook-row.js';

/** GET /api/integracao/webhooks/{id}. */
export async function obterWebhook(db: Db, actor: Actor, id: number) {
  await webhookDoAtor(db, actor, id);
  return webhookJsonDe(db, id);
}
