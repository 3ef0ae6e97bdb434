import { sql, type SQL } from 'drizzle-orm';
import type { IsoDate, LedgerAccountCode } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';

/**
 * What Faturamento and Fechamento read from the ledger (DOMAIN.md "Reports", docs/financeiro.md
 * "Reports: definitions"). Every figure is a shop's account movement in a month of the business
 * date (`occurred_on`: the bank's data de crédito, else the ocorrência, for bank events; the day of
 * the decision for the others), never the slip's printed value nor the moment a file was applied.
 *
 * The accounts behind each figure, per shop and month:
 * - recebido premium = credits of `cobranca_liquidada` (the transit of what the bank paid, encargos
 *   included, before its tarifa);
 * - encargos = `receita_encargos` (what the bank paid above the principal), desconto =
 *   `despesa_desconto` (what it paid below): the principal paid at the bank is recebido premium −
 *   encargos + desconto;
 * - recebido estab = debits of the memo account `memo_recebido_loja` (Receber / baixa);
 * - repasse bruto = principal paid at the bank + recebido estab;
 * - serviços premium = `receita_consulta` + `receita_mensalidade` + the three advance revenues.
 */
export const RELATORIO_CONTAS = [
  'cobranca_liquidada',
  'receita_encargos',
  'despesa_desconto',
  'memo_recebido_loja',
  'receita_consulta',
  'receita_mensalidade',
  'receita_antecipacao_prorata',
  'receita_antecipacao_taxa',
  'receita_antecipacao_taxa_basica',
] as const satisfies readonly LedgerAccountCode[];
/** The Fechamento also shows each payment's tarifa (an expense outside the six figures). */
const FECHAMENTO_CONTAS = [...RELATORIO_CONTAS, 'despesa_tarifa'] as const;
type ContaDoFechamento = (typeof FECHAMENTO_CONTAS)[number];

const codeArray = (codes: readonly string[]) => sql.raw(`array[${codes.map((c) => `'${c}'`).join(',')}]::text[]`);

/** The figures' parts of one shop in one month, integer centavos. */
export type SaldosDoMes = {
  /** first day of the month, YYYY-MM-DD */
  mes: IsoDate;
  empresaId: number;
  recebidoPremiumCents: number;
  encargosCents: number;
  descontoCents: number;
  recebidoEstabCents: number;
  consultasCents: number;
  mensalidadeCents: number;
  taxasAntecipacaoCents: number;
};

/**
 * The figures' parts as SQL select columns, summed from monthly balance rows `v` (debits_cents,
 * credits_cents) whose account code is `code`: one definition for the per-shop balances and for the
 * shops' totals per code, so both readings name the same accounts the same way.
 */
function partesDoMes(v: string, code: string): SQL {
  const net = (c: string, side: 'credit' | 'debit') =>
    side === 'credit'
      ? `coalesce(sum(${v}.credits_cents - ${v}.debits_cents) filter (where ${code} = '${c}'), 0)`
      : `coalesce(sum(${v}.debits_cents - ${v}.credits_cents) filter (where ${code} = '${c}'), 0)`;
  return sql.raw(`
           coalesce(sum(${v}.credits_cents) filter (where ${code} = 'cobranca_liquidada'), 0) as recebido_premium,
           ${net('receita_encargos', 'credit')} as encargos,
           ${net('despesa_desconto', 'debit')} as desconto,
           ${net('memo_recebido_loja', 'debit')} as recebido_estab,
           ${net('receita_consulta', 'credit')} as consultas,
           ${net('receita_mensalidade', 'credit')} as mensalidade,
           ${net('receita_antecipacao_prorata', 'credit')} + ${net('receita_antecipacao_taxa', 'credit')} + ${net('receita_antecipacao_taxa_basica', 'credit')} as taxas_antecipacao`);
}

/**
 * The shops' monthly balances of the report accounts, months `de`..`ate` (first days), one row per
 * shop and month with any movement in them. Reads `ledger_balance_month` alone — one row per
 * account and month, kept as postings happen — from the report accounts of the shops
 * (`ledger_account_code_idx` / `ledger_account_empresa_idx`) by primary key: linear in the number
 * of shops and months, whatever the number of boletos.
 *
 * As SQL (`saldosDoMesSql`), so Faturamento joins it to the empresas in one statement.
 */
export function saldosDoMesSql(de: IsoDate, ate: IsoDate, empresaId?: number): SQL {
  const only = empresaId === undefined ? sql`` : sql`and a.empresa_id = ${empresaId}`;
  return sql`
    select m.month as mes, a.empresa_id, ${partesDoMes('m', 'a.code')}
      from ledger_account a
      join ledger_balance_month m on m.account_id = a.id and m.month >= ${de}::date and m.month <= ${ate}::date
     where a.code = any(${codeArray(RELATORIO_CONTAS)}) and a.empresa_id is not null ${only}
     group by m.month, a.empresa_id`;
}

/**
 * The same parts summed over every shop, one row per month `de`..`ate` with any movement: read from
 * `ledger_balance_month_lojas` (migration 0171, kept by a trigger on the monthly balances) — nine
 * codes per month, whatever the number of shops. Faturamento's subtotal and chart.
 */
export function saldosDasLojasSql(de: IsoDate, ate: IsoDate): SQL {
  return sql`
    select l.month as mes, ${partesDoMes('l', 'l.code')}
      from ledger_balance_month_lojas l
     where l.month >= ${de}::date and l.month <= ${ate}::date
     group by l.month`;
}

type SaldosRow = {
  mes: string | Date; empresa_id: number; recebido_premium: string | number; encargos: string | number; desconto: string | number;
  recebido_estab: string | number; consultas: string | number; mensalidade: string | number; taxas_antecipacao: string | number;
};

const isoDay = (v: string | Date): IsoDate => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10)) as IsoDate;

/** `saldosDoMesSql` as rows (the tests' independent reading, and a shop's Fechamento summary). */
export async function saldosDoMes(db: DbOrTx, de: IsoDate, ate: IsoDate, empresaId?: number): Promise<SaldosDoMes[]> {
  const rows = ((await db.execute(sql`${saldosDoMesSql(de, ate, empresaId)} order by 1, 2`)) as { rows: SaldosRow[] }).rows;
  return rows.map((r) => ({
    mes: isoDay(r.mes),
    empresaId: Number(r.empresa_id),
    recebidoPremiumCents: Number(r.recebido_premium),
    encargosCents: Number(r.encargos),
    descontoCents: Number(r.desconto),
    recebidoEstabCents: Number(r.recebido_estab),
    consultasCents: Number(r.consultas),
    mensalidadeCents: Number(r.mensalidade),
    taxasAntecipacaoCents: Number(r.taxas_antecipacao),
  }));
}

/** One ledger movement of a shop's report accounts in a month, by transaction and boleto. */
export type LancamentoDoMes = {
  transactionId: number;
  occurredOn: IsoDate;
  boletoId: number | null;
  /** the advance whose fees the movement charges (read only for the advance fee accounts) */
  antecipacaoId: number | null;
  /** per report account: credits − debits for credit-normal accounts, debits − credits for the others */
  valores: Partial<Record<ContaDoFechamento, number>>;
  /** credits of cobranca_liquidada (what the bank paid): its debits take the money elsewhere in the same transaction */
  pagoNoBancoCents: number;
};

/** The accounts whose entries need their transaction's advance (the other movements carry their boleto on the entry). */
const CONTAS_DE_ANTECIPACAO = ['receita_antecipacao_prorata', 'receita_antecipacao_taxa', 'receita_antecipacao_taxa_basica'];

/**
 * A shop's movements of the report accounts in one month (`inicio` = the month's first day), one
 * per transaction and boleto, in business-date order. Reads the shop's few report accounts and
 * their entries of the month by `ledger_entry_account_transaction_idx (account_id, occurred_on, transaction_id)` (0135): the
 * Fechamento of one shop-month costs what that shop moved in it. The transaction row is read only
 * for the advance fees (its antecipacao_id): at 1 M boletos the biggest shop-month has ~3 400
 * entries, and a lookup of each one's transaction was a third of the report's time on PGlite.
 */
export async function lancamentosDaLojaNoMes(db: DbOrTx, empresaId: number, inicio: IsoDate): Promise<LancamentoDoMes[]> {
  const rows = (
    (await db.execute(sql`
      with contas as (
        select id, code from ledger_account where empresa_id = ${empresaId} and code = any(${codeArray(FECHAMENTO_CONTAS)})
      ),
      partidas as (
        select e.transaction_id, e.occurred_on, e.boleto_id, c.code,
               sum(case when e.side = 'debit' then e.amount_cents else 0 end)::bigint as d,
               sum(case when e.side = 'credit' then e.amount_cents else 0 end)::bigint as c
          from contas c
          join ledger_entry e on e.account_id = c.id
           and e.occurred_on >= ${inicio}::date and e.occurred_on < (${inicio}::date + interval '1 month')::date
         group by e.transaction_id, e.occurred_on, e.boleto_id, c.code
      )
      select p.transaction_id, to_char(p.occurred_on, 'YYYY-MM-DD') as occurred_on, p.boleto_id, p.code, p.d, p.c,
             case when p.code = any(${codeArray(CONTAS_DE_ANTECIPACAO)})
                  then (select t.antecipacao_id from ledger_transaction t where t.id = p.transaction_id) end as antecipacao_id
        from partidas p
       order by p.occurred_on, p.transaction_id, p.boleto_id nulls first`)) as {
      rows: { transaction_id: number | string; occurred_on: string; boleto_id: number | null; antecipacao_id: number | null; code: ContaDoFechamento; d: number | string; c: number | string }[];
    }
  ).rows;
  const byKey = new Map<string, LancamentoDoMes>();
  for (const r of rows) {
    const key = `${r.transaction_id}:${r.boleto_id ?? ''}`;
    let l = byKey.get(key);
    if (!l) {
      l = {
        transactionId: Number(r.transaction_id),
        occurredOn: r.occurred_on as IsoDate,
        boletoId: r.boleto_id === null ? null : Number(r.boleto_id),
        antecipacaoId: null,
        valores: {},
        pagoNoBancoCents: 0,
      };
      byKey.set(key, l);
    }
    if (r.antecipacao_id !== null) l.antecipacaoId = Number(r.antecipacao_id);
    const d = Number(r.d);
    const c = Number(r.c);
    const debitNormal = r.code === 'despesa_desconto' || r.code === 'despesa_tarifa' || r.code === 'memo_recebido_loja';
    if (r.code === 'cobranca_liquidada') l.pagoNoBancoCents += c;
    else l.valores[r.code] = (l.valores[r.code] ?? 0) + (debitNormal ? d - c : c - d);
  }
  return [...byKey.values()];
}
