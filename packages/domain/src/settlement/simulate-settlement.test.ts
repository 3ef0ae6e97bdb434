import { describe, expect, it } from 'vitest';
import { simulateSettlement, type SettlementSimulationInput } from './simulate-settlement.js';
import { settlementUpdatedValue } from './updated-value.js';
import { SettlementError } from './settlement-error.js';

// The worked examples of docs/financial-math.md; every literal below is computed by hand there.
// One debtor, three boletos, "today" 10/03/2025: 54 days late, 18 days late, not yet due.
const TODAY = '2025-03-10';
const DEBTOR = [
  { amountCents: 25002, dueDate: '2025-01-15' },
  { amountCents: 18055, dueDate: '2025-02-20' },
  { amountCents: 32010, dueDate: '2025-03-25' },
];
const plan = (extra: Partial<SettlementSimulationInput>) =>
  simulateSettlement({ boletos: DEBTOR, today: TODAY, installments: 1, ...extra });
const amounts = (s: ReturnType<typeof simulateSettlement>) => s.installments.map((p) => p.amountCents);

describe('settlement updated value (valor atualizado)', () => {
  it('adds 2% multa, juros rounded once on the sum, and the R$ 14,90 taxa', () => {
    // juros = (25002·33·54 + 18055·33·18 + 0) / 10000 = 55 278 234 / 10000 = 5527,8234 → 5528
    // (per-boleto rounding would give 4455 + 1072 = 5527: rounding once is the documented step)
    expect(settlementUpdatedValue(DEBTOR, TODAY)).toEqual({
      baseCents: 75067,
      fineCents: 1501,
      interestCents: 5528,
      feeCents: 1490,
      previousPaymentsCents: 0,
      updatedCents: 83586,
    });
  });

  it('counts no juros for a boleto due today (0 days late) but keeps multa and taxa', () => {
    // base 10000, multa 200, juros 0, taxa 1490
    expect(settlementUpdatedValue([{ amountCents: 10000, dueDate: TODAY }], TODAY).updatedCents).toBe(11690);
  });

  it('stays exact beyond 2^53 (BigInt inside)', () => {
    // R$ 123.456.789.012,34, 77 days late: juros = 12 345 678 901 234 · 2541 / 10000
    //   = 31 370 370 088 035 594 / 10000 = 3 137 037 008 803,5594 → 3 137 037 008 804
    // multa = 246 913 578 024,68 → 246 913 578 025
    const big = settlementUpdatedValue([{ amountCents: 12_345_678_901_234, dueDate: '2024-12-23' }], TODAY);
    expect(big).toEqual({
      baseCents: 12_345_678_901_234,
      fineCents: 246_913_578_025,
      interestCents: 3_137_037_008_804,
      feeCents: 1490,
      previousPaymentsCents: 0,
      updatedCents: 15_729_629_489_553,
    });
  });
});

describe('settlement plan — worked examples', () => {
  it('A: n = 1, no discount — one instalment of the updated value, today', () => {
    const s = plan({});
    expect(s.installments).toEqual([{ number: 1, dueDate: TODAY, amountCents: 83586 }]);
    expect(s.totalCents).toBe(83586);
  });

  it('B: n = 1, discount R$ 35,86 — a typed entrada is ignored', () => {
    const s = plan({ discountCents: 3586, firstAmountCents: 123 });
    expect(amounts(s)).toEqual([80000]);
    expect(s.totalCents).toBe(80000);
  });

  it('C: n = 2, entrada R$ 300,00, default dates', () => {
    // R = 53586; 31 days: 53586 · 11023 / 10000 = 59067,8478 → 59068
    const s = plan({ installments: 2, firstAmountCents: 30000 });
    expect(s.installments).toEqual([
      { number: 1, dueDate: '2025-03-10', amountCents: 30000 },
      { number: 2, dueDate: '2025-04-10', amountCents: 59068 },
    ]);
    expect(s.totalCents).toBe(89068);
  });

  it('D: n = 2, discount R$ 5,86, entrada R$ 400,00, dates chosen by the operator', () => {
    // R = 83586 − 586 − 40000 = 43000; 61 days: 43000 · 12013 / 10000 = 51655,9 → 51656
    const s = plan({ installments: 2, firstAmountCents: 40000, discountCents: 586, dueDates: ['2025-03-15', '2025-05-15'] });
    expect(amounts(s)).toEqual([40000, 51656]);
    expect(s.totalCents).toBe(91656);
  });

  it('E: n = 10, discount R$ 5,86, entrada R$ 100,00 — the last share absorbs the remainder', () => {
    // R = 73000 = 8 · 8111 + 8112
    const s = plan({ installments: 10, firstAmountCents: 10000, discountCents: 586 });
    expect(s.installments.map((p) => p.dueDate)).toEqual([
      '2025-03-10', '2025-04-10', '2025-05-10', '2025-06-10', '2025-07-10',
      '2025-08-10', '2025-09-10', '2025-10-10', '2025-11-10', '2025-12-10',
    ]);
    expect(amounts(s)).toEqual([10000, 8941, 9744, 10573, 11376, 12206, 13036, 13839, 14669, 15474]);
    expect(s.totalCents).toBe(119858);
  });

  it('F: plan from 31/01/2024 — February clamps to the 29th, March back to the 31st', () => {
    const leap = [
      { amountCents: 25002, dueDate: '2024-01-15' }, // 16 days late
      { amountCents: 18055, dueDate: '2023-12-20' }, // 42 days late
      { amountCents: 32010, dueDate: '2024-02-25' }, // not yet due
    ];
    const s = simulateSettlement({ boletos: leap, today: '2024-01-31', installments: 3, firstAmountCents: 20000 });
    expect(s.interestCents).toBe(3823);
    expect(s.updatedCents).toBe(81881);
    expect(s.installments).toEqual([
      { number: 1, dueDate: '2024-01-31', amountCents: 20000 },
      { number: 2, dueDate: '2024-02-29', amountCents: 33901 },
      { number: 3, dueDate: '2024-03-31', amountCents: 37067 },
    ]);
    expect(s.totalCents).toBe(90968);
  });

  it('G: discount equal to the updated value minus the entrada leaves later instalments at zero', () => {
    const s = plan({ installments: 3, firstAmountCents: 30000, discountCents: 53586 });
    expect(amounts(s)).toEqual([30000, 0, 0]);
    expect(s.totalCents).toBe(30000);
  });

  it('H: the whole updated value as discount with n = 1 is a plan of R$ 0,00', () => {
    expect(plan({ discountCents: 83586 }).totalCents).toBe(0);
  });

  it('I: a remainder smaller than the shares lands on the last share', () => {
    // R = 83586 − 83583 = 3 over 9 shares: eight of 0 and one of 3; 275 days: 3 · 19075 / 10000 = 5,7225 → 6
    const s = plan({ installments: 10, firstAmountCents: 83583 });
    expect(amounts(s)).toEqual([83583, 0, 0, 0, 0, 0, 0, 0, 0, 6]);
    expect(s.totalCents).toBe(83589);
  });
});

describe('settlement input errors', () => {
  const fails = (extra: Partial<SettlementSimulationInput>, field: string, message: string) => {
    let error: unknown;
    try {
      plan(extra);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SettlementError);
    expect((error as SettlementError).field).toBe(field);
    expect((error as SettlementError).message).toBe(message);
  };

  it('refuses instalment counts outside 1..10', () => {
    fails({ installments: 0 }, 'qtdParcelas', 'O acordo deve ter de 1 a 10 parcelas.');
    fails({ installments: 11, firstAmountCents: 100 }, 'qtdParcelas', 'O acordo deve ter de 1 a 10 parcelas.');
    fails({ installments: 2.5 }, 'qtdParcelas', 'O acordo deve ter de 1 a 10 parcelas.');
  });

  it('refuses no boletos and malformed boletos', () => {
    fails({ boletos: [] }, 'boletoIds', 'Selecione ao menos um boleto pendente para o acordo.');
    fails({ boletos: [{ amountCents: 0, dueDate: TODAY }] }, 'boletoIds', 'Boleto com valor ou vencimento inválido.');
    fails({ boletos: [{ amountCents: 10.5, dueDate: TODAY }] }, 'boletoIds', 'Boleto com valor ou vencimento inválido.');
    fails({ boletos: [{ amountCents: 100, dueDate: '2025-02-30' }] }, 'boletoIds', 'Boleto com valor ou vencimento inválido.');
  });

  it('refuses due dates of the wrong count, out of order or in the past', () => {
    fails({ installments: 2, firstAmountCents: 100, dueDates: [TODAY] }, 'vencimentos', 'Informe um vencimento para cada parcela.');
    fails({ installments: 2, firstAmountCents: 100, dueDates: [TODAY, TODAY] }, 'vencimentos', 'Cada vencimento deve ser posterior ao da parcela anterior.');
    fails({ installments: 2, firstAmountCents: 100, dueDates: ['2025-04-10', '2025-04-01'] }, 'vencimentos', 'Cada vencimento deve ser posterior ao da parcela anterior.');
    fails({ dueDates: ['2025-03-09'] }, 'vencimentos', 'O primeiro vencimento não pode ser anterior a hoje.');
    fails({ dueDates: ['10/03/2025'] }, 'vencimentos', 'Informe uma data válida!');
  });

  it('refuses a negative discount or one above the updated value', () => {
    fails({ discountCents: -1 }, 'desconto', 'O desconto não pode ser negativo.');
    fails({ discountCents: 83587 }, 'desconto', 'O desconto não pode ser maior que o valor atualizado.');
  });

  it('refuses a missing, non-positive or too large entrada when n > 1', () => {
    fails({ installments: 2 }, 'valorEntrada', 'Informe o valor da primeira parcela.');
    fails({ installments: 2, firstAmountCents: 0 }, 'valorEntrada', 'O valor da primeira parcela deve ser maior que zero.');
    fails(
      { installments: 2, firstAmountCents: 83001, discountCents: 586 },
      'valorEntrada',
      'O valor da primeira parcela não pode ser maior que o valor atualizado menos o desconto.',
    );
  });

  it('refuses figures numeric(14,2) cannot hold', () => {
    const huge = [{ amountCents: 99_999_999_999_999, dueDate: '2025-01-01' }];
    expect(() => simulateSettlement({ boletos: huge, today: TODAY, installments: 1 })).toThrow('O valor do acordo ultrapassa o limite');
  });
});
