import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contaCobranca } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { assertAdmin } from '../tenancy/access.js';
import { publicConta } from './get-conta-cobranca.js';

/**
 * GET /api/contaCobranca/list (administrador): every conta — the house default first, then the
 * active ones, then the deactivated — with how many boletos it numbered and the shops that use it
 * as their own default. A handful of rows: the counts are one grouped query each.
 */
export async function listContasCobranca(db: Db, actor: Actor) {
  assertAdmin(actor);
  const contas = await db.select().from(contaCobranca);
  const emitidos = rowsOf<{ conta: number; n: number }>(
    await db.execute(sql`select conta_cobranca_id as conta, count(*)::int as n from boleto where conta_cobranca_id is not null group by conta_cobranca_id`),
  );
  const empresas = rowsOf<{ conta: number; id: number; nome: string }>(
    await db.execute(sql`select conta_cobranca_id as conta, id, fantasia as nome from empresa where conta_cobranca_id is not null order by fantasia, id`),
  );
  return contas
    .sort((a, b) => Number(b.padrao) - Number(a.padrao) || Number(b.ativa) - Number(a.ativa) || a.id - b.id)
    .map((c) => ({
      ...publicConta(c),
      boletos_emitidos: Number(emitidos.find((e) => e.conta === c.id)?.n ?? 0),
      empresas: empresas.filter((e) => e.conta === c.id).map((e) => ({ id: e.id, nome: e.nome })),
    }));
}

// a raw SQL result is untyped in Drizzle (its shape differs between PGlite and node-postgres)
function rowsOf<T>(res: unknown): T[] {
  return (res as { rows: T[] }).rows;
}
