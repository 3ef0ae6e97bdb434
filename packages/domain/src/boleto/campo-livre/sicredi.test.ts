import { describe, expect, it } from 'vitest';
import { assembleBarcode, parseBarcode } from '../barcode.js';
import { buildBoleto } from '../build-boleto.js';
import { barcodeFromDigitableLine, digitableLineFromBarcode } from '../digitable-line.js';
import { formatNossoNumero } from '../nosso-numero.js';
import { sicrediModulo11, sicrediProfile } from './sicredi.js';

/**
 * Sicredi 748 pairs of two projects:
 * - kivanio/brcobranca@325e0ea, spec/brcobranca/boleto/sicredi_spec.rb (agência 0710, posto 65,
 *   beneficiário 00129, byte 2, processed in 2016): linha digitável, campo livre
 *   ('codigo_barras_segunda_parte'), nosso número with DV;
 * - BoletoNet/BoletoNetCore@41e7440, BoletoNetCore.Testes/Bancos/Sicredi/Carteiras/
 *   BancoSicrediCarteira1Tests.cs (agência 0156, posto 05, beneficiário 85305, year 19):
 *   nosso número formatted, barcode and linha digitável.
 * The fator is taken from the expected barcode (their due dates are outside today's window).
 */
const BRCOBRANCA = { agency: '0710.65', beneficiaryCode: '00129' };
const BOLETONET = { agency: '0156.05', beneficiaryCode: '85305' };

const PAIRS = [
  { ...BRCOBRANCA, wallet: '1', ourNumber: '16208879', cents: 19_557, campoLivre: '1116208879307106500129101', line: '74891.11620 08879.307109 65001.291015 1 68940000019557', formatted: '16/208879-3' },
  { ...BRCOBRANCA, wallet: '3', ourNumber: '16208879', cents: 19_557, campoLivre: '3116208879307106500129105', line: '74893.11626 08879.307109 65001.291056 1 68940000019557', formatted: '16/208879-3' },
  { ...BRCOBRANCA, wallet: '1', ourNumber: '16208902', cents: 70_000, campoLivre: '1116208902107106500129100', line: '74891.11620 08902.107104 65001.291007 3 68660000070000', formatted: '16/208902-1' },
  { ...BRCOBRANCA, wallet: '1', ourNumber: '16208896', cents: 70_000, campoLivre: '1116208896307106500129107', line: '74891.11620 08896.307108 65001.291072 1 68660000070000', formatted: '16/208896-3' },
  { ...BRCOBRANCA, wallet: '1', ourNumber: '16208899', cents: 70_000, campoLivre: '1116208899807106500129103', line: '74891.11620 08899.807104 65001.291031 6 68660000070000', formatted: '16/208899-8' },
  { ...BRCOBRANCA, wallet: '1', ourNumber: '16208878', cents: 19_558, campoLivre: '1116208878507106500129106', line: '74891.11620 08878.507105 65001.291064 1 68660000019558', formatted: '16/208878-5' },
  { ...BRCOBRANCA, wallet: '1', ourNumber: '16209048', cents: 22_200, campoLivre: '1116209048807106500129103', line: '74891.11620 09048.807102 65001.291031 8 68980000022200', formatted: '16/209048-8' },
  ...[
    [40_000, '19200003', '19/200003-0', '74894740700000400001119200003001560585305101', '74891.11927 00003.001567 05853.051018 4 74070000040000'],
    [80_000, '19200010', '19/200010-2', '74893787000000800001119200010201560585305102', '74891.11927 00010.201564 05853.051026 3 78700000080000'],
    [90_000, '19200009', '19/200009-9', '74896787700000900001119200009901560585305100', '74891.11927 00009.901562 05853.051000 6 78770000090000'],
    [60_356, '19200005', '19/200005-6', '74896790500000603561119200005601560585305109', '74891.11927 00005.601562 05853.051091 6 79050000060356'],
    [30_000, '19200002', '19/200002-1', '74897790500000300001119200002101560585305102', '74891.11927 00002.101566 05853.051026 7 79050000030000'],
    [20_000, '19200006', '19/200006-4', '74895810800000200001119200006401560585305104', '74891.11927 00006.401566 05853.051042 5 81080000020000'],
    [20_000, '19200007', '19/200007-2', '74898813900000200001119200007201560585305100', '74891.11927 00007.201569 05853.051000 8 81390000020000'],
    [20_000, '19200008', '19/200008-0', '74894817000000200001119200008001560585305105', '74891.11927 00008.001562 05853.051059 4 81700000020000'],
    [50_000, '19200004', '19/200004-8', '74894629800000500001119200004801560585305103', '74891.11927 00004.801569 05853.051034 4 62980000050000'],
  ].map(([cents, ourNumber, formatted, barcode, line]) => ({
    ...BOLETONET, wallet: '1', ourNumber: String(ourNumber), cents: Number(cents), campoLivre: String(barcode).slice(19), line: String(line), formatted: String(formatted),
  })),
];

describe('Sicredi 748 campo livre, barcode and linha digitável (brcobranca and BoletoNetCore pairs)', () => {
  for (const p of PAIRS) {
    it(`agência ${p.agency}, beneficiário ${p.beneficiaryCode}, carteira ${p.wallet}, nosso número ${p.ourNumber}`, () => {
      const input = { agency: p.agency, beneficiaryCode: p.beneficiaryCode, wallet: p.wallet, ourNumber: p.ourNumber };
      expect(sicrediProfile.buildCampoLivre(input)).toBe(p.campoLivre);
      const expected = barcodeFromDigitableLine(p.line);
      const barcode = assembleBarcode({ bank: '748', factor: parseBarcode(expected).factor, amountCents: p.cents, campoLivre: p.campoLivre });
      expect(barcode).toBe(expected);
      expect(digitableLineFromBarcode(barcode)).toBe(p.line);
      expect(formatNossoNumero({ bank: '748', ...input })).toBe(p.formatted);
      expect(sicrediProfile.decodeCampoLivre(p.campoLivre)).toMatchObject({ agency: p.agency, beneficiaryCode: p.beneficiaryCode, ourNumberFormatted: p.formatted });
    });
  }

  it('follows the manuals\' worked examples: nosso número 07/200003-1 (CNAB 240, p. 11) and the campo livre DV 1 (CNAB 400, p. 52)', () => {
    expect(formatNossoNumero({ bank: '748', agency: '0165.02', beneficiaryCode: '00623', wallet: '1', ourNumber: '07200003' })).toBe('07/200003-1');
    expect(sicrediModulo11('310720000310165020062310')).toBe('1');
    expect(sicrediProfile.buildCampoLivre({ agency: '0165.02', beneficiaryCode: '00623', wallet: '3', ourNumber: '07200003' })).toBe('3107200003101650200623101');
  });

  it('writes "0" in position 42 for a slip without a value, and builds a whole slip through buildBoleto', () => {
    const zero = sicrediProfile.buildCampoLivre({ ...BOLETONET, wallet: '1', ourNumber: '19200003', amountCents: 0 });
    expect(zero.slice(22, 24)).toBe('00');
    const built = buildBoleto({ bank: '748', ...BOLETONET, wallet: '1', ourNumber: 26_200_001, amountCents: 15_000, dueDate: '2026-03-02' });
    expect(built.ourNumberFormatted).toMatch(/^26\/200001-\d$/);
    expect(built.barcode.slice(19, 21)).toBe('11');
  });

  it('tells where a conta opened today starts numbering (ano + byte 2 + 00001), a number it prints', () => {
    expect(sicrediProfile.firstSequence?.('2026-11-27')).toBe(26_200_001);
    expect(sicrediProfile.firstSequence?.('2030-01-02')).toBe(30_200_001);
    expect(formatNossoNumero({ bank: '748', ...BOLETONET, wallet: '1', ourNumber: sicrediProfile.firstSequence!('2026-11-27') })).toMatch(/^26\/200001-\d$/);
  });

  it('ends the year at byte 9, sequencial 99999 (a number it prints)', () => {
    expect(sicrediProfile.lastSequence?.('2026-12-31')).toBe(26_999_999);
    expect(formatNossoNumero({ bank: '748', ...BOLETONET, wallet: '1', ourNumber: sicrediProfile.lastSequence!('2026-12-31') })).toMatch(/^26\/999999-\d$/);
  });

  it('refuses what it cannot print, in Portuguese', () => {
    expect(() => sicrediProfile.buildCampoLivre({ agency: '0156', beneficiaryCode: '85305', wallet: '1', ourNumber: '19200003' })).toThrow(/cooperativa e posto/);
    expect(() => sicrediProfile.buildCampoLivre({ ...BOLETONET, wallet: '1', ourNumber: 3 })).toThrow(/byte de geração/);
    expect(() => sicrediProfile.buildCampoLivre({ ...BOLETONET, wallet: '1', ourNumber: '192000031' })).toThrow(/8 dígitos/);
    expect(() => sicrediProfile.buildCampoLivre({ ...BOLETONET, wallet: '2', ourNumber: '19200003' })).toThrow(/Carteira Sicredi/);
    expect(() => sicrediProfile.decodeCampoLivre('1119200003001560585305102')).toThrow(/DV do campo livre/);
  });
});
