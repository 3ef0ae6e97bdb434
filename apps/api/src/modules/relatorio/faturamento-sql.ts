import { sql, type SQL } from 'drizzle-orm';
import { ANTECIPACAO_SITUACAO, fromCents, inicioDoMes, SITUACAO, toCents, type MesAno } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';

/**
 * The Faturamento figures of DOMAIN.md "Reports", in SQL (HOUSE-STYLE habit 6), per month and
 * empresa over a range of months. Months are São Paulo calendar months, [first day, next first day).
 *
 * - repasse bruto (total_boletos): Σ valor of the boletos that reached LIQUIDADO or BAIXADO in the
 *   month, dated by the boleto's situação history (boleto_historico);
 * - recebido estab: Σ valor of those that reached BAIXADO (the customer paid the shop);
 * - recebido premium: Σ valor of those that reached LIQUIDADO (the bank paid us);
 * - serviços premium: consultas × valor_consulta + mensalidade + the fees (prorata + taxa de
 *   antecipação + taxa básica) of the advances approved in the month; consultas = the empresa's
 *   document lookups of the month (consulta_documento, what the garantias feature bills);
 * - repasse líquido = repasse bruto − recebido estab − serviços premium;
 * - receita = recebido premium − repasse líquido.
 *
 * An empresa is in a month when it was ATIVA and registered by the month's end, or had any of the
 * movements above in it; each one listed pays its mensalidade. Current commercial terms apply
 * (valor_consulta and mensalidade have no history).
 */
export type FaturamentoScope = { from: MesAno; to: MesAno; empresaId?: number };

const SP = sql.raw(`'America/Sao_Paulo'`);

function linhasCte({ from, to, empresaId }: FaturamentoScope): SQL {
  const only = (column: SQL) => (empresaId === undefined ? sql`true` : sql`${column} = ${empresaId}`);
  // the range as two timestamps the planner can read (it estimates the rows of a range given by
  // constants, not by a subquery: with `(select min(t0) from meses)` it expected 3 k events of the
  // 317 k in a year at 1 M boletos and probed boleto and garantia once per event)
  const t0 = sql`(${inicioDoMes(from)}::date)::timestamp at time zone ${SP}`;
  const t1 = sql`((${inicioDoMes(to)}::date + interval '1 month')::date)::timestamp at time zone ${SP}`;
  // the São Paulo month of a moment: grouped on directly, no range join with every month
  const mes = (column: SQL) => sql`date_trunc('month', ${column} at time zone ${SP})::date`;
  return sql`
    meses as (
      select m::date as inicio,
             ((m + interval '1 month')::date)::timestamp at time zone ${SP} as t1
        from generate_series(${inicioDoMes(from)}::date, ${inicioDoMes(to)}::date, interval '1 month') as m
    ),
    eventos as (
      select distinct on (h.boleto_id) h.boleto_id, h.para, ${mes(sql`h.created_at`)} as inicio
        from boleto_historico h
       where h.para in (${SITUACAO.LIQUIDADO}, ${SITUACAO.BAIXADO})
         and h.created_at >= ${t0} and h.created_at < ${t1}
       order by h.boleto_id, h.created_at, h.id
    ),
    boletos_mes as (
      select e.inicio, g.empresa_id,
             coalesce(sum(b.valor) filter (where e.para = ${SITUACAO.LIQUIDADO}), 0) as liquidado,
             coalesce(sum(b.valor) filter (where e.para = ${SITUACAO.BAIXADO}), 0) as baixado
        from eventos e
        join boleto b on b.id = e.boleto_id
        join garantia g on g.id = b.garantia_id
       where ${only(sql`g.empresa_id`)}
       group by e.inicio, g.empresa_id
    ),
    consultas_mes as (
      select ${mes(sql`c.created_at`)} as inicio, c.empresa_id, count(*)::int as consultas
        from consulta_documento c
       where c.created_at >= ${t0} and c.created_at < ${t1}
         and c.empresa_id is not null and ${only(sql`c.empresa_id`)}
       group by 1, c.empresa_id
    ),
    antecipacoes_mes as (
      select ${mes(sql`a.decidido_em`)} as inicio, a.empresa_id, sum(a.total_prorata + a.total_taxa_antecipacao + a.taxa_basica) as taxas
        from antecipacao a
       where a.decidido_em >= ${t0} and a.decidido_em < ${t1}
         and a.situacao = ${ANTECIPACAO_SITUACAO.APROVADA} and ${only(sql`a.empresa_id`)}
       group by 1, a.empresa_id
    ),
    linhas as (
      select m.inicio, e.id as empresa_id, e.razao, e.fantasia,
             coalesce(cm.consultas, 0) as consultas, e.valor_consulta, e.mensalidade,
             coalesce(bm.liquidado, 0) + coalesce(bm.baixado, 0) as repasse_bruto,
             coalesce(bm.baixado, 0) as recebido_estab,
             coalesce(cm.consultas, 0) * e.valor_consulta + e.mensalidade + coalesce(am.taxas, 0) as servicos_premium,
             coalesce(am.taxas, 0) as taxas_antecipacao,
             coalesce(bm.liquidado, 0) as recebido_premium
        from meses m
        cross join empresa e
        left join boletos_mes bm on bm.inicio = m.inicio and bm.empresa_id = e.id
        left join consultas_mes cm on cm.inicio = m.inicio and cm.empresa_id = e.id
        left join antecipacoes_mes am on am.inicio = m.inicio and am.empresa_id = e.id
       where ${only(sql`e.id`)}
         and ((e.situacao = 'ATIVA' and e.created_at < m.t1)
              or bm.empresa_id is not null or cm.empresa_id is not null or am.empresa_id is not null)
    )`;
}

/** The six figures of one row, as numeric text from SQL. */
const figuras = (l: string) => sql.raw(`
  ${l}.repasse_bruto::text as total_boletos,
  ${l}.recebido_estab::text as recebido_estabelecimento,
  ${l}.servicos_premium::text as servicos_premium,
  (${l}.repasse_bruto - ${l}.recebido_estab - ${l}.servicos_premium)::text as repasse_liquido,
  ${l}.recebido_premium::text as recebido_premium,
  (${l}.recebido_premium - (${l}.repasse_bruto - ${l}.recebido_estab - ${l}.servicos_premium))::text as receita`);

type FigurasText = {
  total_boletos: string;
  recebido_estabelecimento: string;
  servicos_premium: string;
  repasse_liquido: string;
  recebido_premium: string;
  receita: string;
};

export const money = (v: string | null) => fromCents(toCents(v ?? '0'));

export function presentFiguras(r: FigurasText) {
  return {
    total_boletos: money(r.total_boletos),
    recebido_estabelecimento: money(r.recebido_estabelecimento),
    servicos_premium: money(r.servicos_premium),
    repasse_liquido: money(r.repasse_liquido),
    recebido_premium: money(r.recebido_premium),
    receita: money(r.receita),
  };
}

/**
 * Runs a report query with PostgreSQL's JIT off: these CTEs aggregate every boleto of the period,
 * and at 1 M boletos the JIT spent ~2.6 s compiling a query that runs in ~0.13 s without it
 * (docs/performance.md). `set local` ends with the transaction (a savepoint inside a caller's).
 */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    const result = await tx.execute(query);
    return (result as { rows: T[] }).rows;
  });
}

export type FaturamentoLinha = FigurasText & {
  inicio: string;
  empresa_id: number;
  razao: string;
  fantasia: string;
  consultas: number;
  valor_consulta: string;
  total_consultas: string;
  mensalidade: string;
  taxas_antecipacao: string;
};

/** One row per month and empresa of the range, by month then Loja. */
export async function faturamentoLinhas(db: DbOrTx, scope: FaturamentoScope): Promise<FaturamentoLinha[]> {
  const rows = await rowsOf<FaturamentoLinha>(
    db,
    sql`with ${linhasCte(scope)}
        select to_char(l.inicio, 'YYYY-MM-DD') as inicio, l.empresa_id, l.razao, l.fantasia, l.consultas::int as consultas,
               l.valor_consulta::text as valor_consulta, (l.consultas * l.valor_consulta)::text as total_consultas,
               l.mensalidade::text as mensalidade, l.taxas_antecipacao::text as taxas_antecipacao, ${figuras('l')}
          from linhas l
         order by l.inicio, lower(l.fantasia), l.empresa_id`,
  );
  return rows.map((r) => ({ ...r, empresa_id: Number(r.empresa_id), consultas: Number(r.consultas) }));
}

export type FaturamentoMes = FigurasText & { mes: number; ano: number };

/** The sum over every empresa of each month of the range (the subtotal row and the chart). */
export async function faturamentoMeses(db: DbOrTx, scope: FaturamentoScope): Promise<FaturamentoMes[]> {
  const rows = await rowsOf<FaturamentoMes>(
    db,
    sql`with ${linhasCte(scope)},
        somas as (
          select m.inicio,
                 coalesce(sum(l.repasse_bruto), 0) as repasse_bruto,
                 coalesce(sum(l.recebido_estab), 0) as recebido_estab,
                 coalesce(sum(l.servicos_premium), 0) as servicos_premium,
                 coalesce(sum(l.recebido_premium), 0) as recebido_premium
            from meses m left join linhas l on l.inicio = m.inicio
           group by m.inicio
        )
        select extract(month from s.inicio)::int as mes, extract(year from s.inicio)::int as ano, ${figuras('s')}
          from somas s
         order by s.inicio`,
  );
  return rows.map((r) => ({ ...r, mes: Number(r.mes), ano: Number(r.ano) }));
}
