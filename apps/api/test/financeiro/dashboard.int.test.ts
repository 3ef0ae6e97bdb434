import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInSaoPaulo } from '@bg/domain';
import { createTestApp, type TestApp } from '../harness.js';
import { createGarantia } from '../../src/factories/garantia.js';
import { garantidos, get, lojaQueAntecipa, move, post } from './support.js';

// Counts the whole back office (defaulters, pending guarantees): like every test app it has its own database, so other files'
// data never changes the figures it expects.
let t: TestApp;
let admin: Awaited<ReturnType<TestApp['userWithToken']>>;
const today = todayInSaoPaulo();
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithToken({ nivel: '2' });
});
afterAll(async () => t?.close());

const resumo = async (token: string) => {
  const res = await get(t, '/api/dashboard/getResumo', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('GET /api/dashboard/getResumo', () => {
  it('usuario: its guarantees by status, open boletos due within 7 days, advances in analysis', async () => {
    const loja = await lojaQueAntecipa(t);
    const db = t.database.db;
    const base = { empresa_id: loja.empresa.id, usuario_id: loja.user.id };
    await createGarantia(db, { ...base, status: 'PENDENTE' });
    await createGarantia(db, { ...base, status: 'PENDENTE' });
    await createGarantia(db, { ...base, status: 'APROVADO', libera_boleto: 'N' });
    await garantidos(db, { ...base, parcelas: [10000, 20000], primeiroVencimento: addDays(today, 3) }); // 2nd a month later
    await garantidos(db, { ...base, parcelas: [5050], primeiroVencimento: today });
    const paid = await garantidos(db, { ...base, parcelas: [7000], primeiroVencimento: addDays(today, 2) });
    await move(db, paid.boletos[0].id, ['liquidar']);
    // another empresa's guarantee never counts
    const other = await t.userWithToken({ nivel: '1' });
    await createGarantia(db, { empresa_id: other.user.empresa_id!, usuario_id: other.user.id, status: 'PENDENTE' });

    const sim = (await get(t, '/api/relatorio/simulaAntecipacao', loja.token)).json();
    await post(t, '/api/relatorio/createAntecipacao', loja.token, { data_simulacao: sim.totais.data_simulacao, boletos: sim.boletos, totais: sim.totais });

    const data = await resumo(loja.token);
    expect(data.perfil).toBe('usuario');
    expect(data.garantiasPorStatus).toEqual([
      { status: 'APROVADO', quantidade: 3 },
      { status: 'PENDENTE', quantidade: 2 },
      { status: 'PRÉ APROVADO', quantidade: 1 },
    ]);
    expect(data.boletosAVencer).toEqual({ quantidade: 2, valor: 150.5, ate: addDays(today, 7) });
    expect(data.antecipacoesAbertas).toEqual({ quantidade: 1, valor: sim.totais.total_antecipacao });
    expect(data).not.toHaveProperty('ultimaRemessa');

    // an empresa that does not advance has no advances card
    expect((await resumo(other.token)).antecipacoesAbertas).toBeNull();
  });

  it('administrador: guarantees awaiting analysis, defaulters, advances in analysis; no CNAB card before CNAB', async () => {
    const before = await resumo(admin.token);
    expect(before.perfil).toBe('administrador');
    const loja = await lojaQueAntecipa(t);
    const db = t.database.db;
    const base = { empresa_id: loja.empresa.id, usuario_id: loja.user.id };
    await createGarantia(db, { ...base, status: 'PENDENTE' });
    // one person with two overdue open boletos counts once; an overdue boleto already paid does not count
    const devedor = await garantidos(db, { ...base, parcelas: [10000, 10000], primeiroVencimento: addDays(today, -40) });
    const pago = await garantidos(db, { ...base, parcelas: [10000], primeiroVencimento: addDays(today, -10) });
    await move(db, pago.boletos[0].id, ['liquidar']);
    const quitado = await garantidos(db, { ...base, parcelas: [10000], primeiroVencimento: addDays(today, -5) });
    await move(db, quitado.boletos[0].id, ['quitar']); // QUITADO by the guarantor, not yet recovered: still a defaulter
    expect(devedor.boletos).toHaveLength(2);

    const after = await resumo(admin.token);
    expect(after.garantiasEmAnalise - before.garantiasEmAnalise).toBe(1);
    expect(after.inadimplentes - before.inadimplentes).toBe(2);
    expect(after).not.toHaveProperty('ultimaRemessa');
    expect(after).not.toHaveProperty('ultimoRetorno');
    expect(Object.keys(after).sort()).toEqual(['aRepassar', 'antecipacoesARecuperar', 'antecipacoesEmAnalise', 'bancoAguardando', 'conciliacaoDiferencas', 'garantiasEmAnalise', 'inadimplentes', 'perfil']);
  });
});
