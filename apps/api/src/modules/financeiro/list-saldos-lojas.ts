import { sql } from 'drizzle-orm';
import { fromCents, onlyDigits, planRepasse } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../shared/actor.js';
import { containing } from '../../shared/paged-select.js';
import { paged, pageWindow } from '../../shared/paging.js';
import { assertAdmin } from '../tenancy/access.js';
import { FINANCEIRO_MSG } from '@bg/domain';
import { saldosLojasCte } from './saldos-lojas-sql.js';

type Row = { id: number; fantasia: string; razao: string; pagar: string | number; receber: string | number; antecipacoes: string | number; total: number };

/**
 * GET /api/financeiro/getSaldosLojas (administrador): what the guarantor owes each shop now, for
 * Repasses — largest amount to repass first. By default only shops with something to repass;
 * `somente_a_repassar=N` lists every shop. Search by fantasia, razão social or CNPJ.
 */
export async function listSaldosLojas(db: DbOrTx, actor: Actor, input: { page: number; per_page: number; pesquisa?: string; somente_a_repassar: 'S' | 'N' }) {
  assertAdmin(actor, FINANCEIRO_MSG.somenteAdministrador);
  const { page, perPage, offset } = pageWindow(input);
  const text = input.pesquisa?.trim();
  const digits = text ? onlyDigits(text) : '';
  const search = text
    ? sql`and (e.fantasia ilike ${containing(text)} or e.razao ilike ${containing(text)}${digits.length >= 3 ? sql` or e.cnpj like ${containing(digits)}` : sql``})`
    : sql``;
  const aRepassar = input.somente_a_repassar === 'S' ? sql`and s.repassar > 0` : sql``;
  const rows = ((await db.execute(sql`
    with ${saldosLojasCte}
    select e.id, e.fantasia, e.razao, coalesce(s.pagar, 0)::bigint as pagar, coalesce(s.receber, 0)::bigint as receber,
           coalesce(s.antecipacoes, 0)::bigint as antecipacoes, (count(*) over ())::int as total
      from empresa e left join saldos_lojas s on s.empresa_id = e.id
     where true ${aRepassar} ${search}
     order by coalesce(s.repassar, 0) desc, e.fantasia, e.id
     limit ${perPage} offset ${offset}`)) as { rows: Row[] }).rows;
  const total = rows.length ? Number(rows[0].total) : 0;
  return paged(
    rows.map((r) => {
      const plan = planRepasse(Number(r.pagar), Number(r.receber), 0);
      return {
        empresa_id: r.id,
        fantasia: r.fantasia,
        razao: r.razao,
        a_pagar: fromCents(Number(r.pagar)),
        a_receber: fromCents(Number(r.receber)),
        a_repassar: fromCents(plan.maximoCents),
        antecipacoes_a_recuperar: fromCents(Number(r.antecipacoes)),
      };
    }),
    total,
    page,
    perPage,
  );
}
