import { describe, expect, it } from 'vitest';
import { fillFromFirst, padParcela, resizeTitulos } from './instalments.js';

describe('instalment auto-fill', () => {
  it('pads instalment numbers to two digits', () => {
    expect(padParcela(1)).toBe('01');
    expect(padParcela(12)).toBe('12');
  });

  it('fills the others with the first value and monthly dates on the same day', () => {
    const out = fillFromFirst(resizeTitulos([{ parcela: 1, valor: 250.5, vencimento: '2026-12-10' }], 3));
    expect(out).toEqual([
      { parcela: 1, valor: 250.5, vencimento: '2026-12-10' },
      { parcela: 2, valor: 250.5, vencimento: '2027-01-10' },
      { parcela: 3, valor: 250.5, vencimento: '2027-02-10' },
    ]);
  });

  it('uses the last day of a shorter month and returns to day 31 afterwards', () => {
    const out = fillFromFirst(resizeTitulos([{ parcela: 1, valor: 100, vencimento: '2027-01-31' }], 4));
    expect(out.map((t) => t.vencimento)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
    const leap = fillFromFirst(resizeTitulos([{ parcela: 1, valor: 100, vencimento: '2027-12-31' }], 3));
    expect(leap.map((t) => t.vencimento)).toEqual(['2027-12-31', '2028-01-31', '2028-02-29']);
  });

  it('overwrites edited instalments and leaves everything alone without a first date', () => {
    const edited = [
      { parcela: 1, valor: 300, vencimento: '2026-12-05' },
      { parcela: 2, valor: 999, vencimento: '2030-01-01' },
    ];
    expect(fillFromFirst(edited)[1]).toEqual({ parcela: 2, valor: 300, vencimento: '2027-01-05' });
    const noDate = [{ parcela: 1, valor: 300, vencimento: null }, { parcela: 2, valor: 999, vencimento: '2030-01-01' }];
    expect(fillFromFirst(noDate)).toEqual(noDate);
  });

  it('resizes keeping typed values and renumbering', () => {
    const list = [{ parcela: 1, valor: 10, vencimento: '2026-12-01' }, { parcela: 2, valor: 20, vencimento: '2027-01-01' }];
    expect(resizeTitulos(list, 3)[2]).toEqual({ parcela: 3, valor: null, vencimento: null });
    expect(resizeTitulos(list, 1)).toEqual([list[0]]);
  });
});
