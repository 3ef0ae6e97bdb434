import { describe, expect, it } from 'vitest';
import { cnabProfile } from './cnab-profiles.js';

describe('bank profiles: retorno movement codes', () => {
  it('Banco do Brasil adds its movements 58 and 59 to the FEBRABAN table (Particularidades BB, 07.3T)', () => {
    const bb = cnabProfile('001');
    expect(bb.retornoMovements['58']).toBe('Confirmação do pedido de retificação do valor de desconto');
    expect(bb.retornoMovements['59']).toBe('Confirmação do pedido de alteração da data do desconto');
    // the FEBRABAN codes stay: 02 entrada confirmada, 06 liquidação
    expect(bb.retornoMovements['02']).toBe(cnabProfile('097').retornoMovements['02']);
    expect(bb.retornoMovements['06']).toBe(cnabProfile('097').retornoMovements['06']);
  });

  it('a bank without a profile of its own reads with the FEBRABAN table only', () => {
    expect(cnabProfile('097').retornoMovements['58']).toBeUndefined();
    expect(cnabProfile('097').retornoMovements['02']).toBeTruthy();
  });
});
