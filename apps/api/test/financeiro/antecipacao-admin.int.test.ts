import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, ANTECIPACAO_MSG, todayInSaoPaulo } from '@bg/domain';
import { createTestApp, type TestApp } from '../harness.js';
import { createEmpresa } from '../../src/factories/foundation.js';
import { antecipacao } from '../../src/db/schema/index.js';
import { garantidos, get, lojaQueAntecipa } from './support.js';

/**
 * Issue 25: /operacao/antecipacoes/nova for an administrador — it chooses a shop and sees that
 * shop's simulation, read only (the request stays the shop's). The endpoint takes empresa_id from
 * administradores; an usuario may name only its own empresa.
 */
let t: TestApp;
let admin: Awaited<ReturnType<TestApp['userWithToken']>>;
const today = todayInSaoPaulo();

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithToken({ nivel: '2' });
});
afterAll(async () => t?.close());

const simulate = (token: string, empresaId?: number) => get(t, `/api/relatorio/simulaAntecipacao${empresaId ? `?empresa_id=${empresaId}` : ''}`, token);

describe('simulaAntecipacao for an administrador', () => {
  it("answers the chosen shop's figures, the same the shop sees, and stores nothing", async () => {
    const loja = await lojaQueAntecipa(t);
    await garantidos(t.database.db, { empresa_id: loja.empresa.id, usuario_id: loja.user.id, parcelas: [50000, 33333], primeiroVencimento: addDays(today, 31) });
    const other = await lojaQueAntecipa(t);
    await garantidos(t.database.db, { empresa_id: other.empresa.id, usuario_id: other.user.id, parcelas: [12345], primeiroVencimento: addDays(today, 5) });
    const before = await t.database.db.select().from(antecipacao);
    const asAdmin = await simulate(admin.token, loja.empresa.id);
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
    const asShop = (await simulate(loja.token)).json();
    expect(asAdmin.json()).toEqual(asShop);
    expect(asShop.totais.qtd_boletos).toBe(2);
    expect(await t.database.db.select().from(antecipacao)).toEqual(before);
  });

  it('asks for the shop when none is named (422 on empresa_id)', async () => {
    const res = await simulate(admin.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ empresa_id: ANTECIPACAO_MSG.escolhaLoja });
  });

  it('says why a shop cannot be simulated: unknown (404), not advancing or without a rate (409)', async () => {
    expect((await simulate(admin.token, 999_999)).statusCode).toBe(404);
    const semAntecipa = await createEmpresa(t.database.db, { antecipa: 'N' });
    const r1 = await simulate(admin.token, semAntecipa.id);
    expect(r1.statusCode).toBe(409);
    expect(r1.json().msg).toBe(ANTECIPACAO_MSG.naoHabilitadaLoja);
    const semTaxa = await createEmpresa(t.database.db, { antecipa: 'S', taxa_antecipacao: null });
    const r2 = await simulate(admin.token, semTaxa.id);
    expect(r2.statusCode).toBe(409);
    expect(r2.json().msg).toBe(ANTECIPACAO_MSG.taxaNaoConfiguradaLoja);
  });
});

describe('simulaAntecipacao with empresa_id for others', () => {
  it("an usuario may name its own empresa, never another's (404); a franqueado is refused (403)", async () => {
    const loja = await lojaQueAntecipa(t);
    const other = await lojaQueAntecipa(t);
    expect((await simulate(loja.token, loja.empresa.id)).statusCode).toBe(200);
    const res = await simulate(loja.token, other.empresa.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('Empresa não encontrada.');
    const franquia = await createEmpresa(t.database.db, { antecipa: 'S', taxa_antecipacao: '2.5' });
    const franqueada = await createEmpresa(t.database.db, { antecipa: 'S', taxa_antecipacao: '2.5', franqueado_id: franquia.id });
    const franqueado = await t.userWithToken({ nivel: '3', empresa_id: franquia.id });
    expect((await simulate(franqueado.token, franqueada.id)).statusCode).toBe(403);
  });
});
