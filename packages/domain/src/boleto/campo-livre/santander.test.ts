import { describe, expect, it } from 'vitest';
import { assembleBarcode, parseBarcode } from '../barcode.js';
import { BoletoError } from '../boleto-error.js';
import { digitableLineFromBarcode } from '../digitable-line.js';
import { formatNossoNumero } from '../nosso-numero.js';
import { santanderOurNumberDv, santanderProfile } from './santander.js';

/**
 * Santander 033 public pairs. Their due dates (2011-2016) are outside today's fator window, so the
 * fator is taken from the expected barcode; campo livre, general DV and linha digitável are ours.
 * - The manual's own example ("Layout de Código de Barras Santander" v31, pp. 6 and 11-12: PSK
 *   0282033, nosso número 566612457800-2, fator 2046, R$ 273,71, IPTE "033990282.7 0335666124.3
 *   5780020101.4 8 20460000027371").
 * - kivanio/brcobranca@325e0ea, spec/brcobranca/boleto/santander_spec.rb (convênio 1899775,
 *   carteira 102, 'codigo_barras_segunda_parte', 'codigo_barras', 'linha_digitavel').
 * - BoletoNet/BoletoNetCore@9be9d42, BoletoNetCore.Testes/Bancos/Santander/Carteiras/
 *   BancoSantanderCarteira101Tests.cs (código do beneficiário 1234567, carteira 101: nosso número
 *   formatado, código de barras and linha digitável of nine titles).
 */
const MANUAL = { code: '0282033', wallet: '101', ourNumber: '566612457800', cents: 27_371, barcode: '03398204600000273719028203356661245780020101', line: '03399.02827 03356.661243 57800.201014 8 20460000027371' };

const BRCOBRANCA = [
  { code: '1899775', wallet: '102', ourNumber: '9000026', cents: 2_500, campoLivre: '9189977500000900002690102', barcode: '03399511500000025009189977500000900002690102', line: '03399.18997 77500.000904 00026.901025 9 51150000002500' },
  { code: '1899775', wallet: '102', ourNumber: '9000272', cents: 5_400, campoLivre: '9189977500000900027250102', barcode: '03393545000000054009189977500000900027250102', line: '03399.18997 77500.000904 00272.501024 3 54500000005400' },
];

const BOLETONETCORE: [number, string, string, string, string][] = [
  [271_716, '456', '000000000456-1', '03391693400002717169123456700000000045610101', '03399.12347 56700.000005 00456.101013 1 69340000271716'],
  [64_932, '414', '000000000414-6', '03392687300000649329123456700000000041460101', '03399.12347 56700.000005 00414.601013 2 68730000064932'],
  [29_722, '444', '000000000444-8', '03393690500000297229123456700000000044480101', '03399.12347 56700.000005 00444.801013 3 69050000029722'],
  [29_746, '13724', '000000013724-3', '03394690500000297469123456700000001372430101', '03399.12347 56700.000005 13724.301018 4 69050000029746'],
  [29_734, '12428', '000000012428-1', '03395690500000297349123456700000001242810101', '03399.12347 56700.000005 12428.101013 5 69050000029734'],
  [29_721, '443', '000000000443-0', '03396690500000297219123456700000000044300101', '03399.12347 56700.000005 00443.001011 6 69050000029721'],
  [292_411, '445', '000000000445-6', '03397690500002924119123456700000000044560101', '03399.12347 56700.000005 00445.601016 7 69050000292411'],
  [14_150, '453', '000000000453-7', '03398690400000141509123456700000000045370101', '03399.12347 56700.000005 00453.701013 8 69040000014150'],
  [29_745, '16278', '000000016278-7', '03399690500000297459123456700000001627870101', '03399.12347 56700.000005 16278.701012 9 69050000029745'],
];

function rebuilt(code: string, wallet: string, ourNumber: string, cents: number, expectedBarcode: string) {
  const campoLivre = santanderProfile.buildCampoLivre({ beneficiaryCode: code, wallet, ourNumber });
  const barcode = assembleBarcode({ bank: '033', factor: parseBarcode(expectedBarcode).factor, amountCents: cents, campoLivre });
  return { campoLivre, barcode, line: digitableLineFromBarcode(barcode) };
}

describe('Santander 033 campo livre, barcode and linha digitável', () => {
  it("the manual's example: PSK 0282033, nosso número 566612457800-2, carteira 101", () => {
    const r = rebuilt(MANUAL.code, MANUAL.wallet, MANUAL.ourNumber, MANUAL.cents, MANUAL.barcode);
    expect(r.campoLivre).toBe('9028203356661245780020101');
    expect(r.barcode).toBe(MANUAL.barcode);
    expect(r.line).toBe(MANUAL.line);
  });

  for (const p of BRCOBRANCA) {
    it(`brcobranca: convênio ${p.code}, carteira ${p.wallet}, nosso número ${p.ourNumber}`, () => {
      const r = rebuilt(p.code, p.wallet, p.ourNumber, p.cents, p.barcode);
      expect(r).toEqual({ campoLivre: p.campoLivre, barcode: p.barcode, line: p.line });
      expect(santanderProfile.decodeCampoLivre(p.campoLivre)).toMatchObject({ beneficiaryCode: p.code, wallet: p.wallet, iof: '0' });
    });
  }

  for (const [cents, ourNumber, formatted, barcode, line] of BOLETONETCORE) {
    it(`BoletoNetCore: carteira 101, nosso número ${ourNumber}`, () => {
      const r = rebuilt('1234567', '101', ourNumber, cents, barcode);
      expect(r.barcode).toBe(barcode);
      expect(r.line).toBe(line);
      expect(formatNossoNumero({ bank: '033', beneficiaryCode: '1234567', wallet: '101', ourNumber })).toBe(formatted);
    });
  }

  it('computes the nosso número DV as the manual and brcobranca assert (rest 10 → 1, rest 0 or 1 → 0)', () => {
    expect(santanderOurNumberDv('566612457800')).toBe('2');
    expect(santanderOurNumberDv('90002720')).toBe('7');
    expect(santanderOurNumberDv('1961005')).toBe('0');
    // leading zeros change nothing: the 8 positions of CNAB 400 (7 + DV) agree with the 12 + DV of the slip
    expect(santanderOurNumberDv('000000013724')).toBe(santanderOurNumberDv('0013724'));
  });

  it('refuses other carteiras, a long nosso número or código, and a campo livre with a wrong DV, in Portuguese', () => {
    expect(() => santanderProfile.buildCampoLivre({ beneficiaryCode: '1234567', wallet: '104', ourNumber: 1 })).toThrow(/101, 102 ou 201/);
    expect(() => santanderProfile.buildCampoLivre({ beneficiaryCode: '1234567', wallet: '101', ourNumber: '1234567890123' })).toThrow(/12 dígitos/);
    expect(() => santanderProfile.buildCampoLivre({ beneficiaryCode: '12345678', wallet: '101', ourNumber: 1 })).toThrow(BoletoError);
    expect(() => santanderProfile.decodeCampoLivre('9189977500000900002680102')).toThrow(/deveria ser 9/);
  });
});
