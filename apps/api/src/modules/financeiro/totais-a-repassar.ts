import { sql } from 'drizzle-orm';
import { fromCents } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { saldosLojasCte } from './saldos-lojas-sql.js';

/**
 * Início's ledger cards for administradores: "A repassar" — the sum over the shops of what a
 * repasse may pay each now (Repasses' figure, what each owes netted first) — and "Antecipações a
 * recuperar" — advances paid to the shops that their boletos' bank payments have not yet recovered;
 * each with how many shops it concerns. Read from the ledger's monthly balances.
 */
export async function totaisARepassar(db: DbOrTx) {
  const [r] = ((await db.execute(sql`
    with ${saldosLojasCte}
    select coalesce(sum(repassar), 0)::bigint as repassar, (count(*) filter (where repassar > 0))::int as lojas_repassar,
           coalesce(sum(antecipacoes), 0)::bigint as antecipacoes, (count(*) filter (where antecipacoes > 0))::int as lojas_antecipacoes
      from saldos_lojas`)) as { rows: { repassar: string | number; lojas_repassar: number; antecipacoes: string | number; lojas_antecipacoes: number }[] }).rows;
  return {
    aRepassar: { valor: fromCents(Number(r.repassar)), lojas: Number(r.lojas_repassar) },
    antecipacoesARecuperar: { valor: fromCents(Number(r.antecipacoes)), lojas: Number(r.lojas_antecipacoes) },
  };
}
