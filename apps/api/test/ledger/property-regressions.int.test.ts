import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicoDraft, todayInSaoPaulo } from '@bg/domain';
import { createTestApp, type TestApp } from '../harness.js';
import { createEmpresa } from '../../src/factories/foundation.js';
import { postTransaction } from '../../src/modules/ledger/post-transaction.js';
import { extratoDaLoja, posicaoDaLoja } from '../../src/modules/ledger/saldos.js';

/**
 * Focused regressions of what the ledger's property test (property.int.test.ts) found, each the
 * smallest case that failed before its fix.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'off' });
});
afterAll(async () => t?.close());

describe('extratoDaLoja', () => {
  it('a charge to the shop (a receber debited) lowers its statement, which ends at its position', async () => {
    // found by the property test: a consulta (here a mensalidade: the same posting) of R$ 3,50 showed +3,50 in the Extrato while the shop owed it (−3,50)
    const db = t.database.db;
    const e = await createEmpresa(db);
    const hoje = todayInSaoPaulo();
    await db.transaction((tx) => postTransaction(tx, servicoDraft({ kind: 'mensalidade', empresaId: e.id, mes: hoje.slice(0, 7), valorCents: 350, occurredOn: hoje })!));
    const extrato = await extratoDaLoja(db, e.id, hoje, hoje);
    expect(extrato.movimentos.map((m) => [m.valorCents, m.saldoCents])).toEqual([[-350, -350]]);
    expect(extrato.saldoFinalCents).toBe((await posicaoDaLoja(db, e.id)).liquidoCents);
    expect(extrato.saldoFinalCents).toBe(-350);
  });
});
