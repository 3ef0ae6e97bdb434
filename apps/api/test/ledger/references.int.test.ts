import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { conta, type LedgerDraft } from '@bg/domain';
import { createTestApp, type TestApp } from '../harness.js';
import { createEmpresa, createUsuario } from '../../src/factories/foundation.js';
import { createGarantia } from '../../src/factories/garantia.js';
import { postTransaction } from '../../src/modules/ledger/post-transaction.js';

/**
 * The references of ledger entries (migration 0145, decision 112): since a retorno's speed made
 * them statement triggers instead of row-by-row foreign keys, an entry naming a transaction, an
 * account or a boleto that does not exist is still refused, and what entries name still cannot
 * disappear. Run on PGlite and on PostgreSQL (TEST_DATABASE_URL); the concurrent case on PostgreSQL.
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

/** A balanced consulta-like posting of 1,00 whose two lines name a boleto. */
const draftNaming = (empresaId: number, boletoId: number | null, key: string): LedgerDraft => ({
  idempotencyKey: key,
  kind: 'consulta',
  occurredOn: '2025-03-10',
  description: 'teste de referências',
  refs: { empresaId },
  lines: [
    { account: conta.daEmpresa('loja_a_receber', empresaId), side: 'debit', amountCents: 100, boletoId },
    { account: conta.daEmpresa('receita_consulta', empresaId), side: 'credit', amountCents: 100, boletoId },
  ],
});

async function unreleasedBoleto(): Promise<{ empresaId: number; boletoId: number }> {
  const e = await createEmpresa(db());
  const u = await createUsuario(db(), { nivel: '1', empresa_id: e.id });
  const g = await createGarantia(db(), { empresa_id: e.id, usuario_id: u.id, parcelas: [10000] });
  return { empresaId: e.id, boletoId: g.boletos[0].id };
}

/** Inserts a transaction of two entries by hand (as a bug or a manual fix would), the entries' columns overridden. */
function insertByHand(over: { transactionId?: number; accountId?: number; boletoId?: number | null }) {
  return db().transaction(async (tx) => {
    const key = `referencias-${Math.random()}`;
    const [tr] = ((await tx.execute(sql`insert into ledger_transaction (idempotency_key, kind, occurred_on, description, content_hash, entry_count, total_cents)
      values (${key}, 'consulta', '2025-03-10', 'x', repeat('0', 64), 2, 100) returning id`)) as { rows: { id: number }[] }).rows;
    const [acc] = ((await tx.execute(sql`select id from ledger_account order by id limit 1`)) as { rows: { id: number }[] }).rows;
    const transactionId = over.transactionId ?? tr.id;
    const accountId = over.accountId ?? acc.id;
    const boletoId = over.boletoId ?? null;
    await tx.execute(sql`insert into ledger_entry (transaction_id, account_id, side, amount_cents, occurred_on, boleto_id)
      values (${tr.id}, ${acc.id}, 'debit', 100, '2025-03-10', null), (${transactionId}, ${accountId}, 'credit', 100, '2025-03-10', ${boletoId})`);
  });
}

describe('an entry must name what exists (statement trigger ledger_entry_referencias)', () => {
  beforeAll(async () => {
    // at least one account, for the entries written by hand
    const e = await createEmpresa(db());
    await db().transaction((tx) => postTransaction(tx, draftNaming(e.id, null, `referencias-base-${e.id}`)));
  });

  it('a transaction that does not exist', async () => {
    const before = await exec(sql`select count(*)::int as n from ledger_entry`);
    expect(await refusal(insertByHand({ transactionId: 987654321 }))).toMatch(/transação que não existe \(ledger_transaction 987654321\)/);
    expect(await exec(sql`select count(*)::int as n from ledger_entry`)).toEqual(before);
  });

  it('an account that does not exist', async () => {
    expect(await refusal(insertByHand({ accountId: 987654 }))).toMatch(/conta que não existe \(ledger_account 987654\)/);
  });

  it('a boleto that does not exist, even beside entries naming one that does', async () => {
    const { boletoId } = await unreleasedBoleto();
    expect(await refusal(insertByHand({ boletoId: 987654 }))).toMatch(/boleto que não existe \(boleto 987654\)/);
    expect(await refusal(insertByHand({ boletoId }))).toBe('aceito');
  });

  it('through postTransactions too: a draft naming a missing boleto posts nothing', async () => {
    const e = await createEmpresa(db());
    const attempt = db().transaction((tx) => postTransaction(tx, draftNaming(e.id, 987655, `referencias-boleto-${e.id}`)));
    expect(await refusal(attempt)).toMatch(/boleto que não existe/);
    expect(await exec(sql`select 1 from ledger_transaction where idempotency_key = ${`referencias-boleto-${e.id}`}`)).toHaveLength(0);
  });
});

describe('what entries name cannot disappear', () => {
  it('an account is never deleted, renumbered or truncated', async () => {
    const e = await createEmpresa(db());
    await db().transaction((tx) => postTransaction(tx, draftNaming(e.id, null, `referencias-conta-${e.id}`)));
    const [{ id }] = await exec(sql`select id from ledger_account where empresa_id = ${e.id} order by id limit 1`);
    expect(await refusal(db().execute(sql`delete from ledger_account where id = ${id}`))).toMatch(/não são excluídas nem renumeradas/);
    expect(await refusal(db().execute(sql`update ledger_account set id = id + 100000 where id = ${id}`))).toMatch(/não são excluídas nem renumeradas/);
    expect(await refusal(db().execute(sql`truncate ledger_account cascade`))).toMatch(/não são excluídas nem renumeradas|só aceita inclusões/);
    // what an account may still change: anything but its id
    expect(await refusal(db().execute(sql`update ledger_account set name = name where id = ${id}`))).toBe('aceito');
  });

  it('a boleto an entry names is not deleted nor renumbered; one nothing names is deleted', async () => {
    const named = await unreleasedBoleto();
    await db().transaction((tx) => postTransaction(tx, draftNaming(named.empresaId, named.boletoId, `referencias-exclusao-${named.boletoId}`)));
    expect(await refusal(db().execute(sql`delete from boleto where id = ${named.boletoId}`))).toMatch(new RegExp(`Registro ${named.boletoId} de boleto citado em ledger_entry`));
    expect(await refusal(db().execute(sql`update boleto set id = id + 1000000 where id = ${named.boletoId}`))).toMatch(/id de um boleto não muda/);
    expect(await exec(sql`select 1 from boleto where id = ${named.boletoId}`)).toHaveLength(1);

    const free = await unreleasedBoleto();
    expect(await refusal(db().execute(sql`delete from boleto where id = ${free.boletoId}`))).toBe('aceito');
  });

  it('a boleto is not deleted under REPEATABLE READ (its check could not see entries committed meanwhile)', async () => {
    const free = await unreleasedBoleto();
    const attempt = db().transaction((tx) => tx.execute(sql`delete from boleto where id = ${free.boletoId}`), { isolationLevel: 'repeatable read' });
    expect(await refusal(attempt)).toMatch(/Linhas de boleto só são excluídas em READ COMMITTED/);
  });

  // PostgreSQL only: PGlite has one connection, so its transactions never overlap.
  it.skipIf(!process.env.TEST_DATABASE_URL)('a DELETE racing a posting that names the boleto waits for it, then is refused', async () => {
    const b = await unreleasedBoleto();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let posted!: () => void;
    const entriesIn = new Promise<void>((r) => (posted = r));
    const posting = db().transaction(async (tx) => {
      await postTransaction(tx, draftNaming(b.empresaId, b.boletoId, `referencias-corrida-${b.boletoId}`));
      posted();
      await held; // the entries are inserted, not committed
    });
    await entriesIn;
    let settled = false;
    const deletion = refusal(db().execute(sql`delete from boleto where id = ${b.boletoId}`)).finally(() => (settled = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(settled).toBe(false); // waiting for the posting's lock on the boleto (FOR KEY SHARE)
    release();
    await posting;
    expect(await deletion).toMatch(new RegExp(`Registro ${b.boletoId} de boleto citado em ledger_entry`));
    expect(await exec(sql`select count(*)::int as n from ledger_entry where boleto_id = ${b.boletoId}`)).toEqual([{ n: 2 }]);
  });
});

describe('a transaction must name what exists (statement trigger ledger_transaction_referencias, 0147)', () => {
  const insertTransaction = (refs: { boleto_id?: number; empresa_id?: number; pessoa_id?: number; usuario_id?: number; retorno_item_id?: number }) =>
    db().transaction(async (tx) => {
      const key = `referencias-transacao-${Math.random()}`;
      await tx.execute(sql`insert into ledger_transaction (idempotency_key, kind, occurred_on, description, content_hash, entry_count, total_cents, boleto_id, empresa_id, pessoa_id, usuario_id, retorno_item_id)
        values (${key}, 'consulta', '2025-03-10', 'x', repeat('0', 64), 2, 100, ${refs.boleto_id ?? null}, ${refs.empresa_id ?? null}, ${refs.pessoa_id ?? null}, ${refs.usuario_id ?? null}, ${refs.retorno_item_id ?? null})`);
    });

  it('a boleto, an empresa, a pessoa, a usuario or a retorno line that does not exist is refused at once', async () => {
    expect(await refusal(insertTransaction({ boleto_id: 987654 }))).toMatch(/Transação do razão cita boleto que não existe \(boleto 987654\)/);
    expect(await refusal(insertTransaction({ empresa_id: 987654 }))).toMatch(/cita empresa que não existe \(empresa 987654\)/);
    expect(await refusal(insertTransaction({ pessoa_id: 987654 }))).toMatch(/cita pessoa que não existe \(pessoa 987654\)/);
    expect(await refusal(insertTransaction({ usuario_id: 987654 }))).toMatch(/cita usuario que não existe \(usuario 987654\)/);
    expect(await refusal(insertTransaction({ retorno_item_id: 987654 }))).toMatch(/cita retorno_item que não existe \(retorno_item 987654\)/);
  });

  it('an empresa or a boleto a transaction names is not deleted; TRUNCATE of what rows name without a foreign key is refused', async () => {
    const { empresaId, boletoId } = await unreleasedBoleto();
    await db().transaction((tx) => postTransaction(tx, { ...draftNaming(empresaId, null, `referencias-empresa-${empresaId}`), refs: { empresaId, boletoId } }));
    expect(await refusal(db().execute(sql`delete from boleto where id = ${boletoId}`))).toMatch(new RegExp(`Registro ${boletoId} de boleto citado em ledger_transaction`));
    expect(await refusal(db().execute(sql`delete from empresa where id = ${empresaId}`))).toMatch(/citado em ledger_transaction|viola|violates/);
    expect(await refusal(db().execute(sql`update empresa set id = id + 1000000 where id = ${empresaId}`))).toMatch(/O id de empresa não muda/);
    for (const table of ['boleto', 'empresa', 'pessoa', 'usuario', 'retorno', 'retorno_item', 'remessa']) {
      expect(await refusal(db().execute(sql.raw(`truncate ${table} cascade`)))).toMatch(/não é permitido|só aceita inclusões|não são excluídas/);
    }
  });
});
