import { sql } from 'drizzle-orm';
import { FAIXA_LIST, fromCents, toCents, type FaixaRisco } from '@bg/domain';
import type { DbOrTx } from '../../../db/client.js';
import type { Actor } from '../../../shared/actor.js';
import { assertAdmin } from '../../tenancy/access.js';
import { RISCO_SO_ADMIN } from './get-exposicao.js';
import { assertMes } from './periodo.js';
import { lerPosicao } from './posicao.js';
import { pct, rowsOf } from './risco-sql.js';

const ORDEM_SQL = sql.raw(`array[${FAIXA_LIST.map((f) => `'${f}'`).join(',')}]::varchar[]`);
const ORDEM = new Map<string, number>(FAIXA_LIST.map((f, i) => [f, i]));

/**
 * GET /api/risco/rolagem (administrador): the roll-rate matrix of one month (by default the last
 * closed one) — for each bucket at the end of the month before, where its value was at the end of
 * the month ('PG': left the book) — and, per month, the share of the book that rolled to a worse
 * bucket (docs/risco.md "Rolagem").
 */
export async function getRolagem(db: DbOrTx, actor: Actor, q: { mes?: string }) {
  assertAdmin(actor, RISCO_SO_ADMIN);
  const meses = (await rowsOf<{ mes: string }>(db, sql`select distinct mes::text from risco_rolagem order by mes desc`)).map((m) => m.mes);
  if (q.mes) assertMes(q.mes);
  const mes = q.mes ? `${q.mes}-01` : (meses[0] ?? null);
  const celulas = mes
    ? await rowsOf<{ de: FaixaRisco; para: string; boletos: number; valor: string }>(db, sql`
        select de, para, boletos, valor::text from risco_rolagem where mes = ${mes}::date`)
    : [];
  const linhas = FAIXA_LIST.flatMap((de) => {
    const cs = celulas.filter((c) => c.de === de);
    if (!cs.length) return [];
    const total = cs.reduce((s, c) => s + toCents(c.valor), 0);
    const destinos = [...cs]
      .sort((a, b) => (ORDEM.get(a.para) ?? 99) - (ORDEM.get(b.para) ?? 99))
      .map((c) => ({ para: c.para, boletos: Number(c.boletos), valor: fromCents(toCents(c.valor)), taxa: pct(toCents(c.valor), total) ?? 0 }));
    return [{ de, boletos: cs.reduce((s, c) => s + Number(c.boletos), 0), valor: fromCents(total), destinos }];
  });
  const piora = await rowsOf<{ mes: string; piorou: string; total: string }>(db, sql`
    select mes::text,
           coalesce(sum(valor) filter (where array_position(${ORDEM_SQL}, para) > array_position(${ORDEM_SQL}, de)), 0)::text as piorou,
           sum(valor)::text as total
      from risco_rolagem group by mes order by mes`);
  return {
    ...(await lerPosicao(db)),
    meses,
    mes,
    linhas,
    piora: piora.map((p) => ({ mes: p.mes, taxa: pct(toCents(p.piorou), toCents(p.total)) ?? 0 })),
  };
}
