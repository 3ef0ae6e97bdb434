import { sql, type SQL } from 'drizzle-orm';
import { fromCents, inicioDoMes, type MesAno } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { saldosDasLojasSql, saldosDoMesSql } from '../ledger/relatorio-saldos.js';

/**
 * The Faturamento figures of DOMAIN.md "Reports", per month and empresa over a range of months,
 * read from the ledger's monthly balances (`ledger/relatorio-saldos.ts` names the account behind
 * each figure). Months are months of the business date the postings carry: the bank's data de
 * crédito (else the ocorrência) for what the bank paid, the day of the Receber, of the consulta, of
 * the advance's approval, the month of the mensalidade.
 *
 * - recebido premium: what the bank paid for the shop's boletos, juros and multa included;
 * - recebido estab: the value of the boletos the customer paid the shop directly (Receber);
 * - repasse bruto (total_boletos): the boletos' value paid in the month = what the bank paid −
 *   encargos + what it paid short (the shop is owed the whole value) + recebido estab;
 * - serviços premium: the consultas, the mensalidade and the advance fees charged in the month;
 * - repasse líquido = repasse bruto − recebido estab − serviços premium;
 * - receita = recebido premium − repasse líquido.
 *
 * An empresa is in a month when it was ATIVA and registered by the month's end, or had any of the
 * movements above in it. The query reads one balance row per report account, shop and month (never
 * the boletos): its cost grows with the number of shops and months only.
 */
export type FaturamentoScope = { from: MesAno; to: MesAno; empresaId?: number };

const SP = sql.raw(`'America/Sao_Paulo'`);

function linhasCte({ from, to, empresaId }: FaturamentoScope): SQL {
  const only = empresaId === undefined ? sql`true` : sql`e.id = ${empresaId}`;
  return sql`
    meses as (
      select m::date as inicio,
             ((m + interval '1 month')::date)::timestamp at time zone ${SP} as t1
        from generate_series(${inicioDoMes(from)}::date, ${inicioDoMes(to)}::date, interval '1 month') as m
    ),
    saldos as (${saldosDoMesSql(inicioDoMes(from), inicioDoMes(to), empresaId)}),
    linhas as (
      select m.inicio, e.id as empresa_id, e.razao, e.fantasia,
             coalesce(s.recebido_premium, 0) - coalesce(s.encargos, 0) + coalesce(s.desconto, 0) + coalesce(s.recebido_estab, 0) as repasse_bruto,
             coalesce(s.recebido_estab, 0) as recebido_estab,
             coalesce(s.consultas, 0) + coalesce(s.mensalidade, 0) + coalesce(s.taxas_antecipacao, 0) as servicos_premium,
             coalesce(s.recebido_premium, 0) as recebido_premium
        from meses m
        cross join empresa e
        left join saldos s on s.mes = m.inicio and s.empresa_id = e.id
       where ${only}
         and ((e.situacao = 'ATIVA' and e.created_at < m.t1) or s.empresa_id is not null)
    )`;
}

/** The six figures of one row, in centavos as text (bigint). */
const figuras = (l: string) => sql.raw(`
  ${l}.repasse_bruto::text as total_boletos,
  ${l}.recebido_estab::text as recebido_estabelecimento,
  ${l}.servicos_premium::text as servicos_premium,
  (${l}.repasse_bruto - ${l}.recebido_estab - ${l}.servicos_premium)::text as repasse_liquido,
  ${l}.recebido_premium::text as recebido_premium,
  (${l}.recebido_premium - (${l}.repasse_bruto - ${l}.recebido_estab - ${l}.servicos_premium))::text as receita`);

/** The figures as SQL answers them: integer centavos, as text. */
export type FigurasCents = {
  total_boletos: string;
  recebido_estabelecimento: string;
  servicos_premium: string;
  repasse_liquido: string;
  recebido_premium: string;
  receita: string;
};

/** Centavos (number or bigint text) as the contracts' money (reais, two decimals). */
export const money = (cents: string | number | null) => fromCents(Number(cents ?? 0));

export function presentFiguras(r: FigurasCents) {
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
 * Runs a report query with PostgreSQL's JIT off: at 1 M boletos the JIT once spent ~2.6 s
 * compiling a report query that ran in ~0.13 s without it (docs/performance.md); these queries are
 * small and must never pay that. `set local` ends with the transaction (a savepoint inside a caller's).
 */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    const result = await tx.execute(query);
    return (result as { rows: T[] }).rows;
  });
}

export type FaturamentoLinha = FigurasCents & { inicio: string; empresa_id: number; razao: string; fantasia: string };

/** One row per month and empresa of the range, by month then Loja. */
export async function faturamentoLinhas(db: DbOrTx, scope: FaturamentoScope): Promise<FaturamentoLinha[]> {
  const rows = await rowsOf<FaturamentoLinha>(
    db,
    sql`with ${linhasCte(scope)}
        select to_char(l.inicio, 'YYYY-MM-DD') as inicio, l.empresa_id, l.razao, l.fantasia, ${figuras('l')}
          from linhas l
         order by l.inicio, lower(l.fantasia), l.empresa_id`,
  );
  return rows.map((r) => ({ ...r, empresa_id: Number(r.empresa_id) }));
}

export type FaturamentoMes = FigurasCents & { mes: number; ano: number };

/**
 * The sum over every empresa of each month of the range (the subtotal row and the chart), from the
 * shops' balances summed per code and month (`saldosDasLojasSql`): an empresa without movement in a
 * month adds nothing to these sums, so they equal the sums of `faturamentoLinhas` (tested) while
 * reading a few rows per month instead of one per shop and account.
 */
export async function faturamentoMeses(db: DbOrTx, scope: Omit<FaturamentoScope, 'empresaId'>): Promise<FaturamentoMes[]> {
  const rows = await rowsOf<FaturamentoMes>(
    db,
    sql`with meses as (
          select m::date as inicio from generate_series(${inicioDoMes(scope.from)}::date, ${inicioDoMes(scope.to)}::date, interval '1 month') as m
        ),
        saldos as (${saldosDasLojasSql(inicioDoMes(scope.from), inicioDoMes(scope.to))}),
        somas as (
          select m.inicio,
                 coalesce(s.recebido_premium, 0) - coalesce(s.encargos, 0) + coalesce(s.desconto, 0) + coalesce(s.recebido_estab, 0) as repasse_bruto,
                 coalesce(s.recebido_estab, 0) as recebido_estab,
                 coalesce(s.consultas, 0) + coalesce(s.mensalidade, 0) + coalesce(s.taxas_antecipacao, 0) as servicos_premium,
                 coalesce(s.recebido_premium, 0) as recebido_premium
            from meses m left join saldos s on s.mes = m.inicio
        )
        select extract(month from s.inicio)::int as mes, extract(year from s.inicio)::int as ano, ${figuras('s')}
          from somas s
         order by s.inicio`,
  );
  return rows.map((r) => ({ ...r, mes: Number(r.mes), ano: Number(r.ano) }));
}
