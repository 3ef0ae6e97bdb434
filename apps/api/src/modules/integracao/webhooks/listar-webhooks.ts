import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { integracaoWebhook } from '../../../db/schema/integracao-webhooks.js';
import type { Actor } from '../../../shared/actor.js';
import type { PageInput } from '../../../shared/paging.js';
import { pagedSelect } from '../../../shared/paged-select.js';
import { empresasVisiveis } from './webhook-acesso.js';
import { filtroEmpresas, selectWebhooks } from './webhook-row.js';

/** GET /api/integracao/webhooks: the endpoints of the shops the actor manages (one shop with `empresa_id`). */
export function listarWebhooks(db: Db, actor: Actor, input: PageInput & { empresa_id?: number }) {
  const where = and(filtroEmpresas(empresasVisiveis(actor)), input.empresa_id ? eq(integracaoWebhook.empresa_id, input.empresa_id) : undefined);
  return pagedSelect(db, selectWebhooks(db, where), { ...input, orderBy: [desc(integracaoWebhook.id)] });
}
