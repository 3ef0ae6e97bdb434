import { describe, expect, it } from 'vitest';
import { simulateSale, type SaleSimulationInput } from './simulate-sale.js';
import { SaleSimulationError } from './sale-simulation-error.js';

// Worked examples of docs/financial-math.md, computed by hand there.
describe('sale simulator — worked examples', () => {
  it('R$ 1.000,00 in 3 from 10/03/2025 at 0.1% a day', () => {
    // days 31, 61, 92 → fees 3.1%, 6.1%, 9.2%; Σ(1 − fee) = 2.816
    // P = 100000 / 2.816 = 35511,36… → 35511; total = 3 · 35511 = 106533
    const s = simulateSale({ valueCents: 100000, installments: 3, today: '2025-03-10', taxaProrrata: 0.1 });
    expect(s.boletos).toEqual([
      { number: 1, vencimento: '2025-04-10', days: 31, feePercent: '3.1', valorNovaParcelaCents: 35511, feeCents: 1101, netCents: 34410 },
      { number: 2, vencimento: '2025-05-10', days: 61, feePercent: '6.1', valorNovaParcelaCents: 35511, feeCents: 2166, netCents: 33345 },
      // the last instalment absorbs the remainder: 100000 − 34410 − 33345 = 32245 to net, and
      // 35512 − round(35512 · 9.2%) = 35512 − 3267 = 32245 (35511 would net 32244)
      { number: 3, vencimento: '2025-06-10', days: 92, feePercent: '9.2', valorNovaParcelaCents: 35512, feeCents: 3267, netCents: 32245 },
    ]);
    expect(s.valorNovaParcelaCents).toBe(35511);
    expect(s.totalCents).toBe(106534);
    // the shop nets exactly V: "Valor Líquido" is R$ 1.000,00, not 999,99 nor 1.000,01
    expect(s.totalNetCents).toBe(100000);
  });

  it('R$ 500,00 in 2 from 31/01/2024 — the first instalment falls on 29/02', () => {
    // days 29, 60 → fees 2.9%, 6%; Σ = 1.911; P = 50000 / 1.911 = 26164,31… → 26164
    const s = simulateSale({ valueCents: 50000, installments: 2, today: '2024-01-31', taxaProrrata: '0.10' });
    expect(s.boletos.map((b) => [b.vencimento, b.days, b.feePercent, b.feeCents])).toEqual([
      ['2024-02-29', 29, '2.9', 759],
      ['2024-03-31', 60, '6', 1570],
    ]);
    expect(s.valorNovaParcelaCents).toBe(26164);
    // last: 50000 − 25405 = 24595 to net; 26165 − round(1569,9) = 24595
    expect(s.boletos[1]).toMatchObject({ valorNovaParcelaCents: 26165, feeCents: 1570, netCents: 24595 });
    expect(s.totalCents).toBe(52329);
    expect(s.totalNetCents).toBe(50000);
  });

  it('R$ 1.200,00 in 12 — P just under half a centavo rounds down', () => {
    // Σ days = 2385 → Σ fee = 2.385; Σ(1 − fee) = 9.615; 120000 / 9.615 = 12480,4992… → 12480
    const s = simulateSale({ valueCents: 120000, installments: 12, today: '2025-03-10', taxaProrrata: 0.1 });
    expect(s.boletos.map((b) => b.days)).toEqual([31, 61, 92, 122, 153, 184, 214, 245, 275, 306, 337, 365]);
    expect(s.boletos[11].vencimento).toBe('2026-03-10');
    expect(s.valorNovaParcelaCents).toBe(12480);
    // 11 · 12480 plus the last, 12488, which nets what the others leave of V
    expect(s.boletos[11].valorNovaParcelaCents).toBe(12488);
    expect(s.totalCents).toBe(149768);
    expect(s.totalNetCents).toBe(120000);
  });

  it('with no fee the instalment is V / n rounded half up, and the last takes what is left', () => {
    // 100001 / 2 = 50000,5 → 50001; the last is 100001 − 50001 = 50000; total V
    const s = simulateSale({ valueCents: 100001, installments: 2, today: '2025-03-10', taxaProrrata: 0 });
    expect([s.valorNovaParcelaCents, s.boletos[1].valorNovaParcelaCents, s.totalCents, s.totalNetCents]).toEqual([50001, 50000, 100001, 100001]);
  });

  it('stays exact at the top of numeric(14,2)', () => {
    // 10 000 000 000 000 · 1000 / (2 · 1000 − 1 · (31 + 61)) = 10 000 000 000 000 000 / 1908
    //   = 5 241 090 146 750,52… → 5 241 090 146 751 (V · 1000 passes 2^53: BigInt inside)
    const s = simulateSale({ valueCents: 10_000_000_000_000, installments: 2, today: '2025-03-10', taxaProrrata: '0.1' });
    expect(s.boletos.map((b) => b.days)).toEqual([31, 61]);
    expect(s.valorNovaParcelaCents).toBe(5_241_090_146_751);
    // first nets 5 241 090 146 751 − 162 473 794 549 = 5 078 616 352 202; the last must net
    // 4 921 383 647 798: 5 241 090 146 750 − round(319 706 498 951,75) = 4 921 383 647 798
    expect(s.boletos[1].valorNovaParcelaCents).toBe(5_241_090_146_750);
    expect(s.totalCents).toBe(10_482_180_293_501);
    expect(s.totalNetCents).toBe(10_000_000_000_000);
  });
});

describe('sale simulator input errors', () => {
  const base: SaleSimulationInput = { valueCents: 100000, installments: 3, today: '2025-03-10', taxaProrrata: 0.1 };
  const fails = (extra: Partial<SaleSimulationInput>, message: string) => {
    expect(() => simulateSale({ ...base, ...extra })).toThrow(SaleSimulationError);
    expect(() => simulateSale({ ...base, ...extra })).toThrow(message);
  };

  it('refuses counts outside 2..12, non-positive or fractional values, bad rates and dates', () => {
    fails({ installments: 1 }, 'A quantidade de parcelas deve ser de 2 a 12.');
    fails({ installments: 13 }, 'A quantidade de parcelas deve ser de 2 a 12.');
    fails({ valueCents: 0 }, 'Informe um valor válido!');
    fails({ valueCents: 10.5 }, 'Informe um valor válido!');
    fails({ valueCents: 100_000_000_000_000 }, 'ultrapassa o limite');
    fails({ taxaProrrata: -0.1 }, 'Taxa de antecipação inválida.');
    fails({ today: '2025-02-29' }, 'Informe uma data válida!');
  });

  it('refuses a rate that eats a whole instalment (0.3% · 365 days ≥ 100%)', () => {
    fails({ installments: 12, taxaProrrata: '0.3' }, 'A taxa consome o valor de uma parcela inteira');
  });
});
