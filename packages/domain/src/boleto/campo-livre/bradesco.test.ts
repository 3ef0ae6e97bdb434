import { describe, expect, it } from 'vitest';
import { assembleBarcode, parseBarcode } from '../barcode.js';
import { digitableLineFromBarcode } from '../digitable-line.js';
import { formatNossoNumero } from '../nosso-numero.js';
import { bradescoOurNumberDv, bradescoProfile } from './bradesco.js';

/**
 * Bradesco 237 pairs asserted by kivanio/brcobranca@325e0ea, spec/brcobranca/boleto/bradesco_spec.rb.
 * Their due dates (2008, 2009) are outside today's fator window: the fator is taken from the
 * expected barcode, the rest (campo livre, general DV, linha digitável) is rebuilt here.
 */
const PAIRS = [
  { agency: '1172', account: '0403005', wallet: '06', ourNumber: '75896452', cents: 295_295, campoLivre: '1172060007589645204030050', barcode: '23795422300002952951172060007589645204030050', line: '23791.17209 60007.589645 52040.300502 5 42230000295295' },
  { agency: '4042', account: '61900', wallet: '03', ourNumber: '777700168', cents: 13_500, campoLivre: '4042030077770016800619000', barcode: '23791377000000135004042030077770016800619000', line: '23794.04201 30077.770011 68006.190000 1 37700000013500' },
];

describe('Bradesco 237 campo livre, barcode and linha digitável (brcobranca pairs)', () => {
  for (const p of PAIRS) {
    it(`carteira ${p.wallet}, nosso número ${p.ourNumber}`, () => {
      const input = { agency: p.agency, account: p.account, beneficiaryCode: p.account, wallet: p.wallet, ourNumber: p.ourNumber };
      expect(bradescoProfile.buildCampoLivre(input)).toBe(p.campoLivre);
      const barcode = assembleBarcode({ bank: '237', factor: parseBarcode(p.barcode).factor, amountCents: p.cents, campoLivre: p.campoLivre });
      expect(barcode).toBe(p.barcode);
      expect(digitableLineFromBarcode(barcode)).toBe(p.line);
      expect(bradescoProfile.decodeCampoLivre(p.campoLivre)).toMatchObject({ agency: p.agency, wallet: p.wallet });
    });
  }

  it('computes the nosso número DV as brcobranca asserts (módulo 11 base 7, P for rest 1, 0 for rest 0)', () => {
    expect(bradescoOurNumberDv('06', '00000000525')).toBe('P');
    expect(bradescoOurNumberDv('09', '00000000001')).toBe('1');
    expect(bradescoOurNumberDv('19', '00000000002')).toBe('8');
    expect(bradescoOurNumberDv('19', '00000000006')).toBe('0');
    expect(formatNossoNumero({ bank: '237', agency: '4042', account: '61900', beneficiaryCode: '61900', wallet: '06', ourNumber: 525 })).toBe('06/00000000525-P');
  });

  it('refuses a long nosso número and a missing agência, in Portuguese', () => {
    expect(() => bradescoProfile.buildCampoLivre({ agency: '4042', beneficiaryCode: '61900', wallet: '09', ourNumber: '123456789012' })).toThrow(/11 dígitos/);
    expect(() => bradescoProfile.buildCampoLivre({ beneficiaryCode: '61900', wallet: '09', ourNumber: 1 })).toThrow(/Agência é obrigatória/);
  });
});
