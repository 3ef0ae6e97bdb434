import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicoDraft } from '@bg/domain';
import { createTestApp, type TestApp } from '../harness.js';
import { changeSituacao } from '../../src/modules/boletos/change-situacao.js';
import { postTransaction } from '../../src/modules/ledger/post-transaction.js';
import { aprovar, garantidos, loja, pedirAntecipacao, today } from '../ledger/support.js';
import { get, post } from './support.js';

/**
 * Início's ledger cards (issue 24): "A repassar" is what repasses may pay the shops now (each
 * shop's a pagar less what it owes, never below zero) and "Antecipações a recuperar" the advances
 * not yet recovered — both from the ledger, moving as postings and repasses happen.
 */
let t: TestApp;
let admin: Awaited<ReturnType<TestApp['userWithToken']>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithToken({ nivel: '2' });
});
afterAll(async () => t?.close());

const cards = async () => {
  const res = await get(t, '/api/dashboard/getResumo', admin.token);
  expect(res.statusCode, res.body).toBe(200);
  const d = res.json().data;
  return { aRepassar: d.aRepassar as { valor: number; lojas: number }, antecipacoes: d.antecipacoesARecuperar as { valor: number; lojas: number } };
};
const cents = (v: number) => Math.round(v * 100);

describe('Início for administradores', () => {
  it('"A repassar" and "Antecipações a recuperar" follow the ledger', async () => {
    const before = await cards();

    // a shop is owed a honoured boleto (R$ 150,00) and owes a mensalidade (R$ 40,00): R$ 110,00 to repass
    const a = await loja(t);
    const g = await garantidos(t, a, [15000]);
    await t.database.db.transaction((tx) => changeSituacao(tx, g.boletos[0].id, 'quitar', { id: admin.user.id, ip: null }, 'teste'));
    await t.database.db.transaction(async (tx) => {
      await postTransaction(tx, servicoDraft({ kind: 'mensalidade', empresaId: a.empresa.id, mes: today.slice(0, 7), valorCents: 4000, occurredOn: today })!);
    });
    // a shop that owes more than it is owed counts nothing (never below zero)
    const devedora = await loja(t);
    await t.database.db.transaction(async (tx) => {
      await postTransaction(tx, servicoDraft({ kind: 'mensalidade', empresaId: devedora.empresa.id, mes: today.slice(0, 7), valorCents: 9900, occurredOn: today })!);
    });
    // a shop whose advance of R$ 320,50 was approved
    const b = await loja(t);
    await garantidos(t, b, [32050]);
    await aprovar(t, admin.token, await pedirAntecipacao(t, b.token));

    const after = await cards();
    expect(cents(after.aRepassar.valor) - cents(before.aRepassar.valor)).toBe(11000);
    expect(after.aRepassar.lojas - before.aRepassar.lojas).toBe(1);
    expect(cents(after.antecipacoes.valor) - cents(before.antecipacoes.valor)).toBe(32050);
    expect(after.antecipacoes.lojas - before.antecipacoes.lojas).toBe(1);

    // a repasse of everything owed takes the shop off the card
    const res = await post(t, '/api/razao/registrarRepasse', admin.token, { empresa_id: a.empresa.id, data: today, valor: 110, chave: 'inicio-cartao-repasse' });
    expect(res.statusCode, res.body).toBe(200);
    const paid = await cards();
    expect(cents(paid.aRepassar.valor)).toBe(cents(before.aRepassar.valor));
    expect(paid.aRepassar.lojas).toBe(before.aRepassar.lojas);
  });

  it('are not shown to an usuario', async () => {
    const a = await loja(t);
    const d = (await get(t, '/api/dashboard/getResumo', a.token)).json().data;
    expect(d.perfil).toBe('usuario');
    expect(d).not.toHaveProperty('aRepassar');
    expect(d).not.toHaveProperty('antecipacoesARecuperar');
  });
});
