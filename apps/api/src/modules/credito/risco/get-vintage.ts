import { sql } from 'drizzle-orm';
import { fromCents, toCents } from '@bg/domain';
import type { DbOrTx } from '../../../db/client.js';
import type { Actor } from '../../../shared/actor.js';
import { assertAdmin } from '../../tenancy/access.js';
import { RISCO_SO_ADMIN } from './get-exposicao.js';
import { periodoRisco } from './periodo.js';
import { lerPosicao } from './posicao.js';
import { pct, rowsOf } from './risco-sql.js';

/**
 * GET /api/risco/vintage (administrador): the safras (approval months) `de`–`ate`, each with the %
 * of its approved value more than 30 and more than 90 days late at each closed month-end since
 * (month on book 0 = the approval month), and the over-30/over-90 ratios of the whole book per
 * month-end in the period (docs/risco.md "Safras", "Over-30 e over-90").
 */
export async function getVintage(db: DbOrTx, actor: Actor, q: { de?: string; ate?: string }, hoje: string) {
  assertAdmin(actor, RISCO_SO_ADMIN);
  const { de, ate } = periodoRisco(q, hoje);
  const safras = await rowsOf<{ safra: string; garantias: number; valor: string }>(db, sql`
    select safra::text, garantias, valor::text from risco_safra where safra between ${de}::date and ${ate}::date order by safra`);
  const pontos = await rowsOf<{ safra: string; mes: string; mob: number; valor_30: string; valor_90: string }>(db, sql`
    select s.safra::text, m.mes::text,
           ((extract(year from m.mes) - extract(year from s.safra)) * 12 + extract(month from m.mes) - extract(month from s.safra))::int as mob,
           coalesce(v.valor_30, 0)::text as valor_30, coalesce(v.valor_90, 0)::text as valor_90
      from risco_safra s
      join risco_mes m on m.mes >= s.safra
      left join risco_vintage v on v.safra = s.safra and v.mes = m.mes
     where s.safra between ${de}::date and ${ate}::date
     order by s.safra, m.mes`);
  const razoes = await rowsOf<{ mes: string; valor: string; valor_30: string; valor_90: string }>(db, sql`
    select mes::text, valor::text, valor_30::text, valor_90::text from risco_mes where mes between ${de}::date and ${ate}::date order by mes`);
  const porSafra = new Map<string, typeof pontos>();
  for (const p of pontos) porSafra.set(p.safra, [...(porSafra.get(p.safra) ?? []), p]);
  return {
    ...(await lerPosicao(db)),
    safras: safras.map((s) => {
      const base = toCents(s.valor);
      return {
        safra: s.safra,
        garantias: Number(s.garantias),
        valor: fromCents(base),
        pontos: (porSafra.get(s.safra) ?? []).map((p) => ({
          mob: Number(p.mob),
          mes: p.mes,
          pct30: pct(toCents(p.valor_30), base) ?? 0,
          pct90: pct(toCents(p.valor_90), base) ?? 0,
        })),
      };
    }),
    razoes: razoes.map((r) => ({
      mes: r.mes,
      carteira: fromCents(toCents(r.valor)),
      valor_30: fromCents(toCents(r.valor_30)),
      valor_90: fromCents(toCents(r.valor_90)),
      over30: pct(toCents(r.valor_30), toCents(r.valor)) ?? 0,
      over90: pct(toCents(r.valor_90), toCents(r.valor)) ?? 0,
    })),
  };
}
