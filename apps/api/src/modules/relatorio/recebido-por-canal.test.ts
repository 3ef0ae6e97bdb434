import { describe, expect, it } from 'vitest';
import { recebidoPorCanal } from './recebido-por-canal.js';

describe('recebidoPorCanal', () => {
  it('groups the bank payments by channel, largest amount first and the unknown channel last', () => {
    expect(
      recebidoPorCanal([
        { canal: null, pagoNoBancoCents: 90000 },
        { canal: 'PIX', pagoNoBancoCents: 10 },
        { canal: 'AGENCIA', pagoNoBancoCents: 40000 },
        { canal: 'PIX', pagoNoBancoCents: 20 },
        { canal: 'LOTERICA', pagoNoBancoCents: 40000 },
      ]),
    ).toEqual([
      { canal: 'AGENCIA', nome: 'Agência', quantidade: 1, valor_pago: 400 },
      { canal: 'LOTERICA', nome: 'Lotérica', quantidade: 1, valor_pago: 400 },
      { canal: 'PIX', nome: 'Pix', quantidade: 2, valor_pago: 0.3 },
      { canal: null, nome: '—', quantidade: 1, valor_pago: 900 },
    ]);
  });

  it('sums in centavos: ten payments of R$ 0,10 are R$ 1,00 exactly', () => {
    const [pix] = recebidoPorCanal(Array.from({ length: 10 }, () => ({ canal: 'PIX' as const, pagoNoBancoCents: 10 })));
    expect(pix.valor_pago).toBe(1);
  });

  it('has no rows without payments', () => {
    expect(recebidoPorCanal([])).toEqual([]);
  });
});
