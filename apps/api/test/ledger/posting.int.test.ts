import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { conta, ledgerAccountKey, servicoDraft, type LedgerDraft } from '@bg/domain';
import { createTestApp, type TestApp } from '../harness.js';
import { createEmpresa } from '../../src/factories/foundation.js';
import { postTransaction, postTransactions } from '../../src/modules/ledger/post-transaction.js';
import { reverseTransaction } from '../../src/modules/ledger/reverse-transaction.js';
import { fluxosDoMes, posicaoDaLoja, saldoDaConta, saldosDasContas } from '../../src/modules/ledger/saldos.js';
import { AppError } from '../../src/errors/app-error.js';

/**
 * The posting module and the database's guarantees (decision 109): balanced at commit, append-only,
 * idempotent by key, account limits, monthly balances kept as entries are inserted, reversals.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const exec = async (q: ReturnType<typeof sql>) => ((await db().execute(q)) as { rows: Record<string, unknown>[] }).rows;
/** The database's own message (Drizzle wraps it as the cause of "Failed query"). */
async function refusal(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => null,
    (x: unknown) => x,
  );
  if (!err) return 'aceito';
  const parts: string[] = [];
  for (let e = err as { message?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) parts.push(String(e.message));
  return parts.join(' | ');
}
const mensalidade = (empresaId: number, mes: string, valorCents = 15000): LedgerDraft => servicoDraft({ kind: 'mensalidade', empresaId, mes, valorCents, occurredOn: `${mes}-01` })!;

describe('posting', () => {
  it('posts a balanced transaction and keeps the month’s balances in the same transaction', async () => {
    const e = await createEmpresa(db());
    const posted = await db().transaction((tx) => postTransaction(tx, mensalidade(e.id, '2025-03')));
    expect(posted.created).toBe(true);
    const [row] = await exec(sql`select entry_count, total_cents::int as total from ledger_transaction where id = ${posted.id}`);
    expect(row).toEqual({ entry_count: 2, total: 15000 });
    expect(await saldoDaConta(db(), conta.daEmpresa('loja_a_receber', e.id))).toBe(15000);
    expect(await saldoDaConta(db(), conta.daEmpresa('receita_mensalidade', e.id))).toBe(15000);
    // a balance at a date before the posting
    expect(await saldoDaConta(db(), conta.daEmpresa('loja_a_receber', e.id), '2025-02-28')).toBe(0);
    const fluxos = await fluxosDoMes(db(), '2025-03', { empresaIds: [e.id] });
    expect(fluxos).toEqual(
      expect.arrayContaining([
        { code: 'loja_a_receber', empresaId: e.id, pessoaId: null, debitsCents: 15000, creditsCents: 0 },
        { code: 'receita_mensalidade', empresaId: e.id, pessoaId: null, debitsCents: 0, creditsCents: 15000 },
      ]),
    );
  });

  it('is idempotent: the same key posts once and answers the original; another content under it is refused', async () => {
    const e = await createEmpresa(db());
    const first = await db().transaction((tx) => postTransaction(tx, mensalidade(e.id, '2025-04')));
    const again = await db().transaction((tx) => postTransactions(tx, [mensalidade(e.id, '2025-04'), mensalidade(e.id, '2025-04')]));
    expect(again.map((p) => [p.id, p.created])).toEqual([
      [first.id, false],
      [first.id, false],
    ]);
    expect(await saldoDaConta(db(), conta.daEmpresa('loja_a_receber', e.id))).toBe(15000);
    const other = db().transaction((tx) => postTransaction(tx, mensalidade(e.id, '2025-04', 9900)));
    await expect(other).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('two concurrent postings of one key post once', async () => {
    const e = await createEmpresa(db());
    const results = await Promise.all([0, 1].map(() => db().transaction((tx) => postTransaction(tx, mensalidade(e.id, '2025-05')))));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await saldoDaConta(db(), conta.daEmpresa('loja_a_receber', e.id))).toBe(15000);
  });

  // PostgreSQL only: PGlite has one connection, so its transactions never overlap.
  it.skipIf(!process.env.TEST_DATABASE_URL)('two transactions posting to one limited account at once take turns, neither deadlocks', async () => {
    const e = await createEmpresa(db());
    await db().transaction((tx) => postTransaction(tx, mensalidade(e.id, '2025-06')));
    const [{ id: accountId }] = await exec(sql`select id from ledger_account where key = ${ledgerAccountKey(conta.daEmpresa('loja_a_receber', e.id))}`);
    // Both transactions first hold what an entry's foreign key takes on its account (FOR KEY SHARE),
    // as every posting's INSERT does before the balances trigger locks the account: with FOR UPDATE
    // in that trigger each waited for the other and PostgreSQL killed one ('deadlock detected').
    let arrived = 0;
    let release!: () => void;
    const bothHoldTheKeyShare = new Promise<void>((r) => (release = r));
    const post = (mes: string) =>
      db().transaction(async (tx) => {
        await tx.execute(sql`select id from ledger_account where id = ${accountId} for key share`);
        if (++arrived === 2) release();
        await bothHoldTheKeyShare;
        return postTransaction(tx, mensalidade(e.id, mes));
      });
    const results = await Promise.allSettled([post('2025-07'), post('2025-08')]);
    expect(results.map((r) => (r.status === 'fulfilled' ? 'ok' : String((r.reason as { cause?: { message?: string } }).cause?.message ?? r.reason)))).toEqual(['ok', 'ok']);
    expect(await saldoDaConta(db(), conta.daEmpresa('loja_a_receber', e.id))).toBe(45000);
  });

  it('refuses a posting that would take an account past its limit (what a shop is owed never goes below zero)', async () => {
    const e = await createEmpresa(db());
    const repasse: LedgerDraft = {
      idempotencyKey: `teste-limite-${e.id}`,
      kind: 'repasse',
      occurredOn: '2025-03-10',
      description: 'repasse sem saldo',
      lines: [
        { account: conta.daEmpresa('loja_a_pagar', e.id), side: 'debit', amountCents: 100 },
        { account: conta.geral('banco'), side: 'credit', amountCents: 100 },
      ],
    };
    const err = await db()
      .transaction((tx) => postTransaction(tx, repasse))
      .catch((x: unknown) => x);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).message).toMatch(/Saldo insuficiente na conta loja_a_pagar:e/);
    expect(await exec(sql`select 1 from ledger_transaction where idempotency_key = ${repasse.idempotencyKey}`)).toHaveLength(0);
  });

  it('refuses an unbalanced draft before writing', async () => {
    const e = await createEmpresa(db());
    const d = mensalidade(e.id, '2025-06');
    await expect(db().transaction((tx) => postTransaction(tx, { ...d, lines: [d.lines[0], { ...d.lines[1], amountCents: 1 }] }))).rejects.toThrow(/desbalanceado/);
  });

  it('reverses a transaction once, naming it; the original month keeps its figures', async () => {
    const e = await createEmpresa(db());
    const original = await db().transaction((tx) => postTransaction(tx, mensalidade(e.id, '2025-07')));
    const estorno = await db().transaction((tx) => reverseTransaction(tx, original.id, 'cobrada por engano', null, '2025-08-05'));
    const again = await db().transaction((tx) => reverseTransaction(tx, original.id, 'de novo', null, '2025-08-05'));
    expect(again).toMatchObject({ id: estorno.id, created: false });
    const [row] = await exec(sql`select kind, reverses_id::int as r from ledger_transaction where id = ${estorno.id}`);
    expect(row).toEqual({ kind: 'estorno', r: original.id });
    expect(await saldoDaConta(db(), conta.daEmpresa('loja_a_receber', e.id))).toBe(0);
    expect(await saldoDaConta(db(), conta.daEmpresa('loja_a_receber', e.id), '2025-07-31')).toBe(15000);
    expect((await posicaoDaLoja(db(), e.id)).aReceberCents).toBe(0);
  });
});

describe('what the database itself refuses, whoever writes', () => {
  it('an unbalanced transaction cannot commit (deferred constraint trigger)', async () => {
    const e = await createEmpresa(db());
    const key = `sql-desbalanceado-${e.id}`;
    const attempt = db().transaction(async (tx) => {
      const [tr] = ((await tx.execute(sql`insert into ledger_transaction (idempotency_key, kind, occurred_on, description, content_hash, entry_count, total_cents)
        values (${key}, 'consulta', '2025-03-10', 'x', repeat('0', 64), 2, 100) returning id`)) as { rows: { id: number }[] }).rows;
      const [acc] = ((await tx.execute(sql`select id from ledger_account where key = 'banco' union all select id from ledger_account limit 1`)) as { rows: { id: number }[] }).rows;
      await tx.execute(sql`insert into ledger_entry (transaction_id, account_id, side, amount_cents, occurred_on) values (${tr.id}, ${acc.id}, 'debit', 100, '2025-03-10'), (${tr.id}, ${acc.id}, 'credit', 99, '2025-03-10')`);
    });
    expect(await refusal(attempt)).toMatch(/desbalanceado ou incompleto/);
    expect(await exec(sql`select 1 from ledger_transaction where idempotency_key = ${key}`)).toHaveLength(0);
  });

  it('entries added later to a posted transaction cannot commit, even balanced', async () => {
    const e = await createEmpresa(db());
    const posted = await db().transaction((tx) => postTransaction(tx, mensalidade(e.id, '2025-09')));
    const attempt = db().transaction(async (tx) => {
      const accs = ((await tx.execute(sql`select account_id as id from ledger_entry where transaction_id = ${posted.id} order by id`)) as { rows: { id: number }[] }).rows;
      await tx.execute(sql`insert into ledger_entry (transaction_id, account_id, side, amount_cents, occurred_on) values (${posted.id}, ${accs[0].id}, 'debit', 5, '2025-09-01'), (${posted.id}, ${accs[1].id}, 'credit', 5, '2025-09-01')`);
    });
    expect(await refusal(attempt)).toMatch(/desbalanceado ou incompleto/);
  });

  it('no UPDATE, DELETE or TRUNCATE of a posted transaction or entry', async () => {
    const e = await createEmpresa(db());
    const posted = await db().transaction((tx) => postTransaction(tx, mensalidade(e.id, '2025-10')));
    expect(await refusal(db().execute(sql`update ledger_entry set amount_cents = 1 where transaction_id = ${posted.id}`))).toMatch(/só aceita inclusões/);
    expect(await refusal(db().execute(sql`delete from ledger_entry where transaction_id = ${posted.id}`))).toMatch(/só aceita inclusões/);
    expect(await refusal(db().execute(sql`update ledger_transaction set description = 'x' where id = ${posted.id}`))).toMatch(/só aceita inclusões/);
    expect(await refusal(db().execute(sql`delete from ledger_transaction where id = ${posted.id}`))).toMatch(/só aceita inclusões/);
    expect(await refusal(db().execute(sql`truncate ledger_entry, ledger_transaction cascade`))).toMatch(/só aceita inclusões/);
    const totals = await saldosDasContas(db(), [conta.daEmpresa('loja_a_receber', e.id)]);
    expect([...totals.values()][0].saldoCents).toBe(15000);
  });

  it('the trial balance is zero and the monthly balances equal the entries', async () => {
    const [tb] = await exec(sql`select coalesce(sum(case when side = 'debit' then amount_cents else -amount_cents end), 0)::bigint as diff from ledger_entry`);
    expect(Number(tb.diff)).toBe(0);
    const mismatches = await exec(sql`
      select m.account_id from ledger_balance_month m
      full join (select account_id, date_trunc('month', occurred_on)::date as month,
                        sum(amount_cents) filter (where side = 'debit') as d, sum(amount_cents) filter (where side = 'credit') as c
                   from ledger_entry group by 1, 2) e using (account_id, month)
      where coalesce(m.debits_cents, 0) <> coalesce(e.d, 0) or coalesce(m.credits_cents, 0) <> coalesce(e.c, 0)`);
    expect(mismatches).toEqual([]);
  });
});
