import { describe, expect, it } from 'vitest';
import { assembleBarcode, parseBarcode } from '../barcode.js';
import { buildBoleto } from '../build-boleto.js';
import { barcodeFromDigitableLine, digitableLineFromBarcode } from '../digitable-line.js';
import { formatNossoNumero } from '../nosso-numero.js';
import { sicoobOurNumberDv, sicoobProfile } from './sicoob.js';

/**
 * Sicoob 756 pairs of two projects, each with its own account:
 * - kivanio/brcobranca@325e0ea, spec/brcobranca/boleto/sicoob_spec.rb (cooperativa 4327, convênio
 *   229385; modalidade 05: cooperativa 4134, convênio 148180): linha digitável, campo livre, DVs;
 * - BoletoNet/BoletoNetCore@41e7440, BoletoNetCore.Testes/Bancos/Sicoob/Carteiras/
 *   BancoSicoobCarteira1_01Tests.cs (agência 4277, código do cliente 17227-8, carteira 1/01):
 *   nosso número formatted, barcode and linha digitável.
 * Their due dates (2016-2017) are outside today's fator window: the fator is taken from the
 * expected barcode and the rest — campo livre, general DV, linha digitável — is ours.
 */
const PAIRS = [
  // brcobranca
  { agency: '4327', client: '229385', wallet: '1/01', ourNumber: '2', cents: 5_000, campoLivre: '1432701022938500000024001', line: '75691.43279 01022.938508 00000.240010 2 67080000005000', formatted: '0000002-4' },
  { agency: '4134', client: '148180', wallet: '1/05', ourNumber: '110', cents: 23_500, campoLivre: '1413405014818000001104001', line: '75691.41349 05014.818008 00011.040011 4 71300000023500', formatted: '0000110-4' },
  // BoletoNetCore
  ...[
    [30_000, '4', '0000004-0', '75691697400000300001427701017227800000040001', '75691.42776 01017.227800 00000.400010 1 69740000030000'],
    [30_000, '3', '0000003-3', '75692711100000300001427701017227800000033001', '75691.42776 01017.227800 00000.330019 2 71110000030000'],
    [40_000, '4', '0000004-0', '75693714200000400001427701017227800000040001', '75691.42776 01017.227800 00000.400010 3 71420000040000'],
    [50_000, '6', '0000006-5', '75694703000000500001427701017227800000065001', '75691.42776 01017.227800 00000.650010 4 70300000050000'],
    [90_000, '9', '0000009-7', '75695729500000900001427701017227800000097001', '75691.42776 01017.227800 00000.970012 5 72950000090000'],
    [60_000, '7', '0000007-2', '75696706300000600001427701017227800000072001', '75691.42776 01017.227800 00000.720011 6 70630000060000'],
    [401_124, '12349', '0012349-2', '75697702200004011241427701017227800123492001', '75691.42776 01017.227800 01234.920013 7 70220000401124'],
    [70_000, '8', '0000008-0', '75698709500000700001427701017227800000080001', '75691.42776 01017.227800 00000.800011 8 70950000070000'],
    [40_900, '5', '0000005-8', '75699700200000409001427701017227800000058001', '75691.42776 01017.227800 00000.580019 9 70020000040900'],
  ].map(([cents, ourNumber, formatted, barcode, line]) => ({
    agency: '4277-3', client: '17227-8', wallet: '1/01', ourNumber: String(ourNumber), cents: Number(cents), campoLivre: String(barcode).slice(19), line: String(line), formatted: String(formatted),
  })),
];

describe('Sicoob 756 campo livre, barcode and linha digitável (brcobranca and BoletoNetCore pairs)', () => {
  for (const p of PAIRS) {
    it(`cooperativa ${p.agency}, cliente ${p.client}, carteira ${p.wallet}, nosso número ${p.ourNumber}`, () => {
      const input = { agency: p.agency, beneficiaryCode: p.client, wallet: p.wallet, ourNumber: p.ourNumber };
      expect(sicoobProfile.buildCampoLivre(input)).toBe(p.campoLivre);
      const expected = barcodeFromDigitableLine(p.line);
      const barcode = assembleBarcode({ bank: '756', factor: parseBarcode(expected).factor, amountCents: p.cents, campoLivre: p.campoLivre });
      expect(barcode).toBe(expected);
      expect(digitableLineFromBarcode(barcode)).toBe(p.line);
      expect(formatNossoNumero({ bank: '756', ...input })).toBe(p.formatted);
      expect(sicoobProfile.decodeCampoLivre(p.campoLivre)).toMatchObject({ ourNumberFormatted: p.formatted, parcela: '001' });
    });
  }

  it('computes the nosso número DVs brcobranca asserts for numbers 1 to 13 (cooperativa 4327, cliente 0229385)', () => {
    const dvs = Array.from({ length: 13 }, (_, i) => sicoobOurNumberDv('4327', '0229385', String(i + 1).padStart(7, '0')));
    expect(dvs.join('')).toBe('7419630853085');
  });

  it('follows the manual\'s worked example (item 3.13): cooperativa 0001, cliente 1-9, número 21 → DV 8', () => {
    expect(sicoobOurNumberDv('0001', '0000019', '0000021')).toBe('8');
  });

  it('builds a whole slip through buildBoleto', () => {
    const built = buildBoleto({ bank: '756', agency: '4327', beneficiaryCode: '229385', wallet: '01', ourNumber: 2, amountCents: 5_000, dueDate: '2026-03-02' });
    expect(built.barcode.slice(19)).toBe('1432701022938500000024001');
    expect(built.ourNumberFormatted).toBe('0000002-4');
  });

  it('refuses what it cannot print, in Portuguese', () => {
    expect(() => sicoobProfile.buildCampoLivre({ agency: '4327', beneficiaryCode: '229385', wallet: 'RG', ourNumber: 1 })).toThrow(/carteira\/modalidade/);
    expect(() => sicoobProfile.buildCampoLivre({ agency: '4327', beneficiaryCode: '229385', wallet: '1/01', ourNumber: 12_345_678 })).toThrow(/7 dígitos/);
    expect(() => sicoobProfile.buildCampoLivre({ beneficiaryCode: '229385', wallet: '1/01', ourNumber: 1 })).toThrow(/Cooperativa é obrigatória/);
    expect(() => sicoobProfile.buildCampoLivre({ agency: '4327', beneficiaryCode: '123456789', wallet: '1/01', ourNumber: 1 })).toThrow(/Código do cliente/);
    expect(() => sicoobProfile.decodeCampoLivre('1432701022938500000025001')).toThrow(/DV do nosso número Sicoob/);
  });
});
