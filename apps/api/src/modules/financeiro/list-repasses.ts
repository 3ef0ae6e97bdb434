import { and, desc, eq, gte, lte, lt, or, type SQL } from 'drizzle-orm';
import { FINANCEIRO_MSG, fromCents, toCents } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { empresa, repasse, usuario } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { pagedSelect } from '../../shared/paged-select.js';
import { assertAdmin } from '../tenancy/access.js';

export type RepassesFiltro = { empresa_id?: number; de?: string; ate?: string };

const columns = {
  id: repasse.id,
  empresa_id: repasse.empresa_id,
  fantasia: empresa.fantasia,
  data: repasse.data,
  valor: repasse.valor,
  compensado: repasse.compensado,
  referencia: repasse.referencia,
  observacao: repasse.observacao,
  usuario: usuario.name,
  created_at: repasse.created_at,
};

const filtro = (f: RepassesFiltro): SQL | undefined =>
  and(f.empresa_id ? eq(repasse.empresa_id, f.empresa_id) : undefined, f.de ? gte(repasse.data, f.de) : undefined, f.ate ? lte(repasse.data, f.ate) : undefined);

type RepasseRow = { id: number; empresa_id: number; fantasia: string; data: string; valor: string; compensado: string; referencia: string | null; observacao: string | null; usuario: string; created_at: Date };

const selectRepasses = (db: DbOrTx) => db.select(columns).from(repasse).innerJoin(empresa, eq(empresa.id, repasse.empresa_id)).innerJoin(usuario, eq(usuario.id, repasse.usuario_id));

/** Money of a row as the API answers it (numeric(14,2) text → reais). */
export const repasseJson = <R extends { valor: string; compensado: string }>(r: R) => ({
  ...r,
  valor: fromCents(toCents(r.valor)),
  compensado: fromCents(toCents(r.compensado)),
});

/** GET /api/financeiro/getRepasses (administrador): repasses newest first, by shop and period of their date. */
export async function listRepasses(db: DbOrTx, actor: Actor, input: RepassesFiltro & { page: number; per_page: number }) {
  assertAdmin(actor, FINANCEIRO_MSG.somenteAdministrador);
  const query = selectRepasses(db).where(filtro(input)).$dynamic();
  const countFrom = db.select({ id: repasse.id }).from(repasse).where(filtro(input)).$dynamic();
  return pagedSelect(db, query, { ...input, orderBy: [desc(repasse.data), desc(repasse.id)], countFrom }, repasseJson);
}

/** Every repasse of the filter, newest first, a batch at a time (keyset on data, id): the CSV. */
export async function* todosOsRepasses(db: DbOrTx, f: RepassesFiltro, lote = 500) {
  let after: { data: string; id: number } | null = null;
  for (;;) {
    const c: { data: string; id: number } | null = after;
    const keyset: SQL | undefined = c ? or(lt(repasse.data, c.data), and(eq(repasse.data, c.data), lt(repasse.id, c.id))) : undefined;
    const rows: RepasseRow[] = await selectRepasses(db).where(and(filtro(f), keyset)).orderBy(desc(repasse.data), desc(repasse.id)).limit(lote);
    if (rows.length) yield rows.map(repasseJson);
    if (rows.length < lote) return;
    after = { data: rows[rows.length - 1].data, id: rows[rows.length - 1].id };
  }
}
