import { and, asc, gt, isNotNull } from 'drizzle-orm';
import { boletoLedgerProblem, type Situacao } from '@bg/domain';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { boleto, ledgerVerificacao } from '../../db/schema/index.js';
import { loadBoletoContexts } from './boleto-context.js';

export type LedgerFailure = { regra: string; detalhe: string };
export type LedgerCheckResult = { ok: boolean; falhas: LedgerFailure[]; duracaoMs: number; boletosVerificados: number };

/** At most this many failures of one rule are listed (the count says how many there were). */
const MAX_PER_RULE = 20;
const BOLETO_CHUNK = 2000;

const rowsOf = async <T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> => ((await db.execute(query)) as { rows: T[] }).rows;
const n = (v: unknown) => Number(v ?? 0);

/**
 * The ledger's invariants (DOMAIN.md "Money ledger", decision 109), checked by `npm run
 * ledger:check`, the nightly job `ledger.verificar` and the property test:
 * 1. trial balance: Σ debits = Σ credits, over the entries and over the monthly balances;
 * 2. every transaction balanced with its stated entry count and total (the commit trigger's rule);
 * 3. monthly balances = the entries, per account and month — so each shop's balance (and its
 *    Extrato) is the sum of its movements;
 * 4. no account past its limit (a pagar ≥ 0, debts and advances never recovered twice);
 * 5. every boleto's ledger history agrees with its situação (boletoLedgerProblem);
 * 6. every cause that must post did: approved advances, paid acordo instalments, repasses;
 * 7. the bank account = Σ retornos (paid − fees) + acordo instalments − repasses − advances paid
 *    (+ liquidações recorded without a retorno line, at face value), from the business tables.
 * Reads only: give it a transaction for one snapshot (verifyAndRecord does).
 */
export async function checkLedger(db: DbOrTx): Promise<LedgerCheckResult> {
  const started = performance.now();
  const falhas: LedgerFailure[] = [];
  const fail = (regra: string, detalhes: string[], total = detalhes.length) => {
    for (const d of detalhes.slice(0, MAX_PER_RULE)) falhas.push({ regra, detalhe: d });
    if (total > MAX_PER_RULE) falhas.push({ regra, detalhe: `… e mais ${total - MAX_PER_RULE}` });
  };

  const [tb] = await rowsOf<{ d: unknown; c: unknown; md: unknown; mc: unknown }>(
    db,
    sql`select (select coalesce(sum(amount_cents) filter (where side = 'debit'), 0)::bigint from ledger_entry) as d,
               (select coalesce(sum(amount_cents) filter (where side = 'credit'), 0)::bigint from ledger_entry) as c,
               (select coalesce(sum(debits_cents), 0)::bigint from ledger_balance_month) as md,
               (select coalesce(sum(credits_cents), 0)::bigint from ledger_balance_month) as mc`,
  );
  if (n(tb.d) !== n(tb.c)) fail('balancete', [`lançamentos: débitos ${n(tb.d)} ≠ créditos ${n(tb.c)}`]);
  if (n(tb.md) !== n(tb.mc)) fail('balancete', [`saldos mensais: débitos ${n(tb.md)} ≠ créditos ${n(tb.mc)}`]);

  const unbalanced = await rowsOf<{ id: unknown; key: string }>(
    db,
    sql`select t.id, t.idempotency_key as key from ledger_transaction t
          left join (select transaction_id, count(*) as k, sum(amount_cents) filter (where side = 'debit') as d, sum(amount_cents) filter (where side = 'credit') as c
                       from ledger_entry group by transaction_id) e on e.transaction_id = t.id
         where e.k is distinct from t.entry_count or e.d is distinct from t.total_cents or e.c is distinct from t.total_cents
         order by t.id limit ${MAX_PER_RULE + 1}`,
  );
  fail('transacao', unbalanced.map((r) => `transação ${n(r.id)} (${r.key}) desbalanceada ou incompleta`));

  const drift = await rowsOf<{ key: string; month: string; md: unknown; ed: unknown; mc: unknown; ec: unknown }>(
    db,
    sql`select a.key, x.month::text as month, x.md, x.ed, x.mc, x.ec
          from (select coalesce(m.account_id, e.account_id) as account_id, coalesce(m.month, e.month) as month,
                       coalesce(m.debits_cents, 0) as md, coalesce(e.d, 0) as ed, coalesce(m.credits_cents, 0) as mc, coalesce(e.c, 0) as ec
                  from ledger_balance_month m
                  full join (select account_id, date_trunc('month', occurred_on)::date as month,
                                    coalesce(sum(amount_cents) filter (where side = 'debit'), 0) as d, coalesce(sum(amount_cents) filter (where side = 'credit'), 0) as c
                               from ledger_entry group by 1, 2) e on e.account_id = m.account_id and e.month = m.month) x
          join ledger_account a on a.id = x.account_id
         where x.md <> x.ed or x.mc <> x.ec
         order by a.key, x.month limit ${MAX_PER_RULE + 1}`,
  );
  fail('saldos', drift.map((r) => `${r.key} em ${r.month.slice(0, 7)}: saldo mensal ${n(r.md)}/${n(r.mc)}, lançamentos ${n(r.ed)}/${n(r.ec)} (débitos/créditos)`));

  // the shops' report accounts summed per code and month (0171) against the monthly balances they sum
  const lojas = await rowsOf<{ code: string; month: string; ld: unknown; md: unknown; lc: unknown; mc: unknown }>(
    db,
    sql`select coalesce(l.code, m.code) as code, coalesce(l.month, m.month)::text as month,
               coalesce(l.debits_cents, 0) as ld, coalesce(m.d, 0) as md, coalesce(l.credits_cents, 0) as lc, coalesce(m.c, 0) as mc
          from ledger_balance_month_lojas l
          full join (select a.code, b.month, sum(b.debits_cents) as d, sum(b.credits_cents) as c
                       from ledger_balance_month b join ledger_account a on a.id = b.account_id
                      where a.empresa_id is not null and a.code = any (ledger_saldos_lojas_codigos())
                      group by 1, 2) m on m.code = l.code and m.month = l.month
         where coalesce(l.debits_cents, 0) <> coalesce(m.d, 0) or coalesce(l.credits_cents, 0) <> coalesce(m.c, 0)
         order by 1, 2 limit ${MAX_PER_RULE + 1}`,
  );
  fail('saldos', lojas.map((r) => `soma das lojas ${r.code} em ${r.month.slice(0, 7)}: ${n(r.ld)}/${n(r.lc)}, saldos mensais ${n(r.md)}/${n(r.mc)} (débitos/créditos)`));

  const limits = await rowsOf<{ key: string; d: unknown; c: unknown }>(
    db,
    sql`select a.key, s.d, s.c from ledger_account a
          join (select account_id, sum(debits_cents) as d, sum(credits_cents) as c from ledger_balance_month group by account_id) s on s.account_id = a.id
         where (a.debits_must_not_exceed_credits and s.d > s.c) or (a.credits_must_not_exceed_debits and s.c > s.d)
         order by a.key limit ${MAX_PER_RULE + 1}`,
  );
  fail('limite', limits.map((r) => `${r.key}: débitos ${n(r.d)}, créditos ${n(r.c)}`));

  // 5. boletos, in chunks by id (a million boletos never sit in memory at once)
  let boletosVerificados = 0;
  const problemas: string[] = [];
  for (let after = 0; ; ) {
    const ids = await db.select({ id: boleto.id }).from(boleto).where(and(isNotNull(boleto.situacao), gt(boleto.id, after))).orderBy(asc(boleto.id)).limit(BOLETO_CHUNK);
    if (!ids.length) break;
    const contexts = await loadBoletoContexts(db, ids.map((r) => r.id));
    for (const c of contexts.values()) {
      const p = boletoLedgerProblem(c.situacao as Situacao | null, c.position);
      if (p) problemas.push(`boleto ${c.rotulo} (${c.situacao}): ${p}`);
    }
    boletosVerificados += ids.length;
    after = ids[ids.length - 1].id;
  }
  fail('boleto', problemas);

  const missing = await rowsOf<{ what: string }>(
    db,
    sql`select 'antecipação nº ' || a.id || ' aprovada sem lançamento' as what from antecipacao a
         where a.situacao = 'APROVADA' and not exists (select 1 from ledger_transaction t where t.idempotency_key = 'antecipacao-aprovada:' || a.id)
        union all
        select 'parcela ' || p.parcela || ' do acordo nº ' || p.acordo_id || ' paga sem lançamento' from acordo_parcela p
         where p.situacao = 'Paga' and p.valor > 0 and not exists (select 1 from ledger_transaction t where t.idempotency_key = 'acordo-parcela:' || p.id)
        union all
        select 'repasse nº ' || r.id || ' sem lançamento' from repasse r
         where not exists (select 1 from ledger_transaction t where t.idempotency_key = 'repasse:' || r.id)
        limit ${MAX_PER_RULE + 1}`,
  );
  fail('causa', missing.map((r) => r.what));

  const [bank] = await rowsOf<{ razao: unknown; retornos: unknown; acordos: unknown; repasses: unknown; antecipacoes: unknown; manuais: unknown }>(
    db,
    sql`select
          (select coalesce(sum(case when m.debits_cents is null then 0 else m.debits_cents - m.credits_cents end), 0)::bigint
             from ledger_balance_month m join ledger_account a on a.id = m.account_id where a.key = 'banco') as razao,
          (select coalesce(sum(case when ri.categoria = 'liquidacao' and ri.resultado in ('APLICADO', 'IGNORADO')
                                    then (case when ri.valor_pago > 0 then ri.valor_pago else ri.valor_titulo end) else 0 end - ri.valor_tarifa), 0) * 100
             from retorno_item ri where (ri.boleto_id is not null or ri.boleto_avulso_id is not null) and ri.resultado <> 'JA_APLICADO') as retornos,
          (select coalesce(sum(valor), 0) * 100 from acordo_parcela where situacao = 'Paga') as acordos,
          (select coalesce(sum(valor), 0) * 100 from repasse) as repasses,
          (select coalesce(sum(total_antecipacao), 0) * 100 from antecipacao where situacao = 'APROVADA') as antecipacoes,
          (select coalesce(sum(b.valor), 0) * 100 from boleto b
            where b.situacao = 'LIQUIDADO'
              and not exists (select 1 from retorno_item ri where ri.boleto_id = b.id and ri.categoria = 'liquidacao' and ri.resultado = 'APLICADO')) as manuais`,
  );
  const esperado = n(bank.retornos) + n(bank.acordos) - n(bank.repasses) - n(bank.antecipacoes) + n(bank.manuais);
  if (n(bank.razao) !== esperado) {
    fail('banco', [
      `saldo do banco no razão ${n(bank.razao)} ≠ retornos ${n(bank.retornos)} + acordos ${n(bank.acordos)} − repasses ${n(bank.repasses)} − antecipações ${n(bank.antecipacoes)} + liquidações sem retorno ${n(bank.manuais)} = ${esperado} (centavos)`,
    ]);
  }

  return { ok: falhas.length === 0, falhas, duracaoMs: Math.round(performance.now() - started), boletosVerificados };
}

/** Runs the check in one read-only REPEATABLE READ snapshot and records it (Início shows the last failure to administradores). */
export async function verifyAndRecord(db: Db, origem: 'job' | 'script' | 'teste'): Promise<LedgerCheckResult> {
  const result = await db.transaction((tx) => checkLedger(tx), { isolationLevel: 'repeatable read', accessMode: 'read only' });
  await db.insert(ledgerVerificacao).values({ origem, ok: result.ok, falhas: result.falhas, quantidade_falhas: result.falhas.length, duracao_ms: result.duracaoMs });
  return result;
}

/** The last check's outcome, for Início: null before any check ran. */
export async function ultimaVerificacao(db: DbOrTx) {
  const [row] = await db.select().from(ledgerVerificacao).orderBy(sql`${ledgerVerificacao.created_at} desc, ${ledgerVerificacao.id} desc`).limit(1);
  return row ?? null;
}
