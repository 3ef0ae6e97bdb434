import { describe, expect, it } from 'vitest';
import { addDays, addMonthsClamped, defaultSettlementDueDates, fromCents, simulateSettlement, todayInSaoPaulo, toCents } from '@bg/domain';
import type { BoletoPendente } from '../api/cobranca';
import { acordoRequest, initialPlan, selectionValue, simulatePlan, withQtd } from './acordo-plan';

const hoje = todayInSaoPaulo();
const boleto = (id: number, valor: number, diasAtraso: number): BoletoPendente => ({
  id, digito: 1, garantia_id: 10 + id, garantia_digito: 2, empresa: 'Loja Demo', parcela: 1, vencimento: addDays(hoje, -diasAtraso),
  dias_atraso: Math.max(0, diasAtraso), valor, situacao: 'GARANTIDO', pagamentos_anteriores: 0, spc: null,
});
const boletos = [boleto(1, 250.02, 54), boleto(2, 180.55, 18), boleto(3, 320.1, -15)];

describe('acordo plan of the "Novo Acordo" screen', () => {
  it('shows exactly what simulateSettlement answers for the chosen boletos (the server recomputes the same)', () => {
    const form = { ...withQtd(initialPlan([1, 2, 3], hoje), 3, hoje), valorEntrada: 300, desconto: 5.86 };
    const result = simulatePlan(boletos, form, hoje);
    expect(result.ok).toBe(true);
    const expected = simulateSettlement({
      boletos: boletos.map((b) => ({ amountCents: toCents(b.valor), dueDate: b.vencimento })),
      today: hoje, installments: 3, dueDates: defaultSettlementDueDates(hoje, 3), firstAmountCents: 30000, discountCents: 586,
    });
    if (result.ok) expect(result.sim).toEqual(expected);
    expect(selectionValue(boletos, [1, 2, 3], hoje)?.baseCents).toBe(75067);
    expect(selectionValue(boletos, [], hoje)).toBeNull();
  });

  it('answers the shared schema messages: first value required, dates increasing, discount not above the value', () => {
    const base = withQtd(initialPlan([1], hoje), 2, hoje);
    expect(simulatePlan(boletos, base, hoje)).toEqual({ ok: false, errors: { valorEntrada: 'Campo obrigatório' } });
    const swapped = { ...base, valorEntrada: 100, vencimentos: [addMonthsClamped(hoje, 1), hoje] };
    const r = simulatePlan(boletos, swapped, hoje);
    expect(r.ok === false && r.errors['vencimentos.1']).toBe('Cada vencimento deve ser posterior ao da parcela anterior.');
    const tooMuch = simulatePlan(boletos, { ...base, valorEntrada: 100, desconto: 10_000 }, hoje);
    expect(tooMuch).toEqual({ ok: false, errors: { desconto: 'O desconto não pode ser maior que o valor atualizado.' } });
  });

  it('builds the create request with every figure shown', () => {
    const form = { ...withQtd(initialPlan([1], hoje), 2, hoje), valorEntrada: 100, desconto: null };
    const result = simulatePlan(boletos, form, hoje);
    if (!result.ok) throw new Error('simulação recusada');
    const body = acordoRequest(7, form, result.sim);
    expect(body).toMatchObject({ pessoa_id: 7, boletoIds: [1], qtdParcelas: 2, valorEntrada: 100, desconto: 0, valor_sem_juros: 250.02 });
    expect(body.parcelas.map((p) => p.valor)).toEqual(result.sim.installments.map((p) => fromCents(p.amountCents)));
    expect(body.totalParcelamento).toBe(fromCents(result.sim.totalCents));
  });
});
