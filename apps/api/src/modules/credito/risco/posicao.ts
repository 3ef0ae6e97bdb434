import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { rowsOf } from './risco-sql.js';

/** When the position was computed (null before the first run of risco.atualizar). */
export async function lerPosicao(db: DbOrTx): Promise<{ posicao_em: Date | null; data_referencia: string | null }> {
  const [r] = await rowsOf<{ posicao_em: string | Date; data_referencia: string }>(db, sql`select posicao_em, data_referencia::text from risco_atualizacao where id = 1`);
  return r ? { posicao_em: new Date(r.posicao_em), data_referencia: r.data_referencia } : { posicao_em: null, data_referencia: null };
}
