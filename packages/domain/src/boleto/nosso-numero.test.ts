import { describe, expect, it } from 'vitest';
import { buildBoleto } from './build-boleto.js';
import { formatNossoNumero } from './nosso-numero.js';

const caixa = { bank: '104', agency: '1234', beneficiaryCode: '123456', wallet: 'RG' } as const;

describe('formatNossoNumero', () => {
  it('prints the Caixa SIGCB nosso número as the slip does (issue 10, defect 7: sequence 19)', () => {
    expect(formatNossoNumero({ ...caixa, ourNumber: 19 })).toBe('14000000000000019-7');
    expect(formatNossoNumero({ ...caixa, ourNumber: 19 })).toBe(buildBoleto({ ...caixa, ourNumber: 19, amountCents: 100, dueDate: '2026-12-10' }).ourNumberFormatted);
  });

  it('prints Banco do Brasil per convênio: 7 digits without DV, 6 digits with one', () => {
    expect(formatNossoNumero({ bank: '001', beneficiaryCode: '1238798', wallet: '18', ourNumber: '7777700168' })).toBe('12387987777700168');
    expect(formatNossoNumero({ bank: '001', agency: '1234', account: '12345', beneficiaryCode: '123456', wallet: '18', ourNumber: 7 })).toMatch(/^12345600007-[\dX]$/);
  });
});
