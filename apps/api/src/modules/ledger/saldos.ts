import { sql } from 'drizzle-orm';
import { ledgerAccountKey, normalBalance, type IsoDate, type LedgerAccountCode, type LedgerAccountRef, type LedgerKind } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';

/**
 * How the ledger is read (decision 109; docs/financeiro.md "Razão: como ler"). Reports, the Extrato,
 * Repasses and Início read balances here, never by adding up business tables:
 * - a month's figures come from `ledger_balance_month` alone (one row per account and month, kept as
 *   postings happen);
 * - a balance at a date D is the months before D's month from `ledger_balance_month` plus D's month
 *   entries up to D (`ledger_entry (account_id, occurred_on)`).
 * Amounts are integer centavos; a "saldo" is on the account's normal side (normalBalance).
 */

const rowsOf = async <T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> => ((await db.execute(query)) as { rows: T[] }).rows;
const firstOfMonth = (d: IsoDate) => `${d.slice(0, 7)}-01`;

export type AccountTotals = { key: string; code: LedgerAccountCode; empresaId: number | null; pessoaId: number | null; debitsCents: number; creditsCents: number; saldoCents: number };

/** Debits, credits and balance of accounts (by key) at the end of day `ate` (default: everything posted). */
export async function saldosDasContas(db: DbOrTx, refs: readonly (LedgerAccountRef | string)[], ate?: IsoDate): Promise<Map<string, AccountTotals>> {
  const keys = refs.map((r) => (typeof r === 'string' ? r : ledgerAccountKey(r)));
  const result = new Map<string, AccountTotals>();
  if (!keys.length) return result;
  const keyList = `{${keys.map((k) => `"${k}"`).join(',')}}`;
  const until = ate
    ? sql`
      select m.account_id, m.debits_cents as d, m.credits_cents as c from ledger_balance_month m where m.account_id = any(select id from contas) and m.month < ${firstOfMonth(ate)}::date
      union all
      select e.account_id, case when e.side = 'debit' then e.amount_cents else 0 end, case when e.side = 'credit' then e.amount_cents else 0 end
        from ledger_entry e where e.account_id = any(select id from contas) and e.occurred_on >= ${firstOfMonth(ate)}::date and e.occurred_on <= ${ate}::date`
    : sql`select m.account_id, m.debits_cents as d, m.credits_cents as c from ledger_balance_month m where m.account_id = any(select id from contas)`;
  const rows = await rowsOf<{ key: string; code: LedgerAccountCode; empresa_id: number | null; pessoa_id: number | null; d: number | string; c: number | string }>(
    db,
    sql`with contas as (select id, key, code, empresa_id, pessoa_id from ledger_account where key = any(${keyList}::text[])),
         movimentos as (${until})
         select a.key, a.code, a.empresa_id, a.pessoa_id, coalesce(sum(m.d), 0)::bigint as d, coalesce(sum(m.c), 0)::bigint as c
           from contas a left join movimentos m on m.account_id = a.id
          group by a.key, a.code, a.empresa_id, a.pessoa_id`,
  );
  for (const r of rows) {
    const d = Number(r.d);
    const c = Number(r.c);
    result.set(r.key, { key: r.key, code: r.code, empresaId: r.empresa_id, pessoaId: r.pessoa_id, debitsCents: d, creditsCents: c, saldoCents: normalBalance(r.code, d, c) });
  }
  return result;
}

/** One account's balance on its normal side (0 for an account never posted to). */
export async function saldoDaConta(db: DbOrTx, ref: LedgerAccountRef, ate?: IsoDate): Promise<number> {
  return (await saldosDasContas(db, [ref], ate)).get(ledgerAccountKey(ref))?.saldoCents ?? 0;
}

/**
 * What a shop and the guarantor owe each other at the end of `ate`: `aPagarCents` (the guarantor
 * owes the shop), `aReceberCents` (the shop owes the guarantor: services, advances it took back),
 * `liquidoCents` = a pagar − a receber (what the next repasse may pay: Repasses' "A repassar"),
 * `antecipacoesARecuperarCents` (advances paid to it not yet recovered from the bank).
 */
export async function posicaoDaLoja(db: DbOrTx, empresaId: number, ate?: IsoDate) {
  const refs = (['loja_a_pagar', 'loja_a_receber', 'antecipacao_a_recuperar'] as const).map((code) => ({ code, empresaId }));
  const s = await saldosDasContas(db, refs, ate);
  const of = (code: LedgerAccountCode) => s.get(ledgerAccountKey({ code, empresaId }))?.saldoCents ?? 0;
  const aPagarCents = of('loja_a_pagar');
  const aReceberCents = of('loja_a_receber');
  return { empresaId, aPagarCents, aReceberCents, liquidoCents: aPagarCents - aReceberCents, antecipacoesARecuperarCents: of('antecipacao_a_recuperar') };
}

/** Every account's debits and credits in one month (`YYYY-MM`), optionally only some codes or shops: Faturamento's source. */
export async function fluxosDoMes(db: DbOrTx, mes: string, filtro: { codes?: readonly LedgerAccountCode[]; empresaIds?: readonly number[] } = {}) {
  const codes = filtro.codes?.length ? sql`and a.code = any(${`{${filtro.codes.join(',')}}`}::text[])` : sql``;
  const empresas = filtro.empresaIds?.length ? sql`and a.empresa_id = any(${`{${filtro.empresaIds.join(',')}}`}::int[])` : sql``;
  const rows = await rowsOf<{ code: LedgerAccountCode; empresa_id: number | null; pessoa_id: number | null; d: number | string; c: number | string }>(
    db,
    sql`select a.code, a.empresa_id, a.pessoa_id, m.debits_cents as d, m.credits_cents as c
          from ledger_balance_month m join ledger_account a on a.id = m.account_id
         where m.month = ${`${mes}-01`}::date ${codes} ${empresas}
         order by a.code, a.empresa_id, a.pessoa_id`,
  );
  return rows.map((r) => ({ code: r.code, empresaId: r.empresa_id, pessoaId: r.pessoa_id, debitsCents: Number(r.d), creditsCents: Number(r.c) }));
}

/** Revenue of a month by kind (the revenue accounts' credits − debits, every owner added). */
export async function receitaPorTipo(db: DbOrTx, mes: string): Promise<Partial<Record<LedgerAccountCode, number>>> {
  const out: Partial<Record<LedgerAccountCode, number>> = {};
  const rows = await rowsOf<{ code: LedgerAccountCode; d: number | string; c: number | string }>(
    db,
    sql`select a.code, sum(m.debits_cents)::bigint as d, sum(m.credits_cents)::bigint as c
          from ledger_balance_month m join ledger_account a on a.id = m.account_id
         where m.month = ${`${mes}-01`}::date and a.kind = 'revenue'
         group by a.code`,
  );
  for (const r of rows) out[r.code] = Number(r.c) - Number(r.d);
  return out;
}

export type MovimentoDaLoja = {
  transactionId: number;
  occurredOn: IsoDate;
  postedAt: string;
  kind: LedgerKind;
  description: string;
  boletoId: number | null;
  antecipacaoId: number | null;
  acordoId: number | null;
  repasseId: number | null;
  /** Effect on what the guarantor owes the shop (a pagar − a receber): + the shop is owed more. */
  valorCents: number;
  saldoCents: number;
};

/**
 * A shop's statement (Extrato): every transaction that changed what the guarantor and the shop owe
 * each other (loja_a_pagar and loja_a_receber), from `de` to `ate`, each with its effect on the net
 * balance and the running balance after it, in business-date order; the opening balance is the net
 * at the end of the day before `de`. Advances paid and recovered touch neither account (they go
 * through the bank and the advance account): read them with `saldosDasContas`/`fluxosDoMes`.
 */
export async function extratoDaLoja(db: DbOrTx, empresaId: number, de: IsoDate, ate: IsoDate) {
  const dayBefore = new Date(`${de}T12:00:00Z`);
  dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
  const inicial = await posicaoDaLoja(db, empresaId, dayBefore.toISOString().slice(0, 10));
  const rows = await rowsOf<{
    id: number | string; occurred_on: string; posted_at: string | Date; kind: LedgerKind; description: string;
    boleto_id: number | null; antecipacao_id: number | null; acordo_id: number | null; repasse_id: number | null; valor: number | string;
  }>(
    db,
    sql`select t.id, t.occurred_on, t.posted_at, t.kind, t.description, t.boleto_id, t.antecipacao_id, t.acordo_id, t.repasse_id,
               -- net = a pagar (credit-normal) − a receber (debit-normal): a credit to either raises it, a debit to either lowers it
               sum(case when e.side = 'credit' then e.amount_cents else -e.amount_cents end)::bigint as valor
          from ledger_entry e
          join ledger_account a on a.id = e.account_id
          join ledger_transaction t on t.id = e.transaction_id
         where a.empresa_id = ${empresaId} and a.code in ('loja_a_pagar', 'loja_a_receber')
           and e.occurred_on between ${de}::date and ${ate}::date
         group by t.id
         order by t.occurred_on, t.id`,
  );
  let saldo = inicial.liquidoCents;
  const movimentos: MovimentoDaLoja[] = rows.map((r) => {
    const valorCents = Number(r.valor);
    saldo += valorCents;
    return {
      transactionId: Number(r.id),
      occurredOn: r.occurred_on,
      postedAt: r.posted_at instanceof Date ? r.posted_at.toISOString() : String(r.posted_at),
      kind: r.kind,
      description: r.description,
      boletoId: r.boleto_id,
      antecipacaoId: r.antecipacao_id,
      acordoId: r.acordo_id,
      repasseId: r.repasse_id,
      valorCents,
      saldoCents: saldo,
    };
  });
  return { empresaId, de, ate, saldoInicialCents: inicial.liquidoCents, movimentos, saldoFinalCents: saldo };
}
