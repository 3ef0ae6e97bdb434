import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../shared/actor.js';
import { fechamentoData, type FechamentoInput } from './fechamento-data.js';
import { fechamentoHtml } from './fechamento-html.js';

/**
 * GET /api/relatorio/getFechamento (administrador): the closing of one empresa and month, as data
 * and as the server-rendered, escaped HTML the page shows. Read only.
 */
export async function getFechamento(db: DbOrTx, actor: Actor, input: FechamentoInput) {
  const data = await fechamentoData(db, actor, input);
  return { ...data, html: fechamentoHtml(data) };
}
