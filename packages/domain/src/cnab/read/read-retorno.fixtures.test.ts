import { describe, expect, it } from 'vitest';
import { fixture, readAllRetorno } from '../test-helpers.js';

/**
 * Retornos of other projects, read with the values their own tests assert (origins in
 * packages/domain/test/fixtures/README.md). Values marked "by hand" were not asserted upstream and
 * were read from the FEBRABAN/bank positions of the fixture's lines when this test was written.
 */

describe('Caixa 104 SIGCB retorno (CnabPHP tests/fixtures/cnab240/retorno_cnab240_caixa.ret)', async () => {
  const { items, warnings, header } = await readAllRetorno(fixture('cnab240-retorno-104-caixa-cnabphp.ret'));

  it('reads the header: bank 104, generated 06/01/2014 (CnabPHP asserts both)', () => {
    expect(header).toMatchObject({ bank: '104', kind: 'retorno', generatedOn: '2014-01-06' });
    // by hand: beneficiário 043210 at 59-64, agência 01234-2, NSA 1622
    expect(header).toMatchObject({ beneficiaryCode: '043210', agency: '01234', agencyDv: '2', fileNumber: 1622 });
  });

  it('reads the first title as CnabPHP asserts it', () => {
    const first = items[0];
    expect(first.movement).toBe('06'); // getCodigo() 6, isBaixa() true
    expect(first.category).toBe('liquidacao');
    expect(first.paidCents).toBe(8000); // getValorRecebido 80.00
    expect(first.amountCents).toBe(8000); // getValorTitulo 80.00
    expect(first.feeCents).toBe(125); // getValorTarifa 1.25
    expect([first.iofCents, first.discountCents, first.rebateCents, first.otherCreditsCents, first.interestCents]).toEqual([0, 0, 0, 0, 0]);
    expect(first.ourNumberSequence).toBe('11136997'); // getNossoNumero 11136997
    expect(first.dueDate).toBe('2014-01-02');
    expect(first.creditDate).toBe('2014-01-07');
    expect(first.occurrenceDate).toBe('2014-01-06');
    expect(first.collectingAgency).toBe('01086'); // getAgenciaCobradora 1086
    expect(first.line).toBe(3); // getNumeroSequencial 1: the first detail, on line 3
  });

  it('keeps the 17-digit nosso número and describes Caixa liquidação channel and form (by hand)', () => {
    expect(items[0].ourNumber).toBe('24000000011136997'); // modalidade 24 (sem registro, emissão beneficiário)
    expect(items[0].reasons).toEqual([
      { code: '02', description: 'Unidade lotérica' },
      { code: '01', description: 'Pago em dinheiro' },
    ]);
    expect(items[0].movementDescription).toBe('Liquidação');
  });

  it('reads all 9 titles (T+U pairs on lines 3-20) with consistent counts (by hand)', () => {
    expect(items).toHaveLength(9);
    expect(items.map((t) => t.line)).toEqual([3, 5, 7, 9, 11, 13, 15, 17, 19]);
    expect(items.map((t) => t.ourNumberSequence)).toEqual([
      '11136997', '11138197', '11137889', '11137125', '22247', '11136916', '11136898', '31999', '30572',
    ]);
    // title 8 (lines 17-18): valor 480.00 paid 420.00 with 60.00 of desconto (U 33-47), tarifa 1.25
    expect(items[7]).toMatchObject({ amountCents: 48000, paidCents: 42000, netCents: 42000, discountCents: 6000, feeCents: 125 });
    // title 9 (lines 19-20): 80.00 paid 70.00 through another bank (237), by compensação
    expect(items[8]).toMatchObject({ amountCents: 8000, paidCents: 7000, discountCents: 1000, feeCents: 270, collectingBank: '237', collectingAgency: '01795' });
    expect(items[8].reasons).toEqual([
      { code: '04', description: 'Compensação eletrônica' },
      { code: '01', description: 'Pago em dinheiro' },
    ]);
    expect(warnings).toEqual([]);
  });
});

describe('Banco do Brasil 001 retorno (CnabPHP tests/fixtures/cnab240/retorno_bb.ret)', async () => {
  const { items, warnings, header } = await readAllRetorno(fixture('cnab240-retorno-001-bb-cnabphp.ret'));

  it('reads the header as CnabPHP asserts: conta 7536-7, bank 1, convênio 3294860, 21/03/2011', () => {
    expect(header).toMatchObject({ bank: '001', account: '000000007536', accountDv: '7', beneficiaryCode: '3294860', generatedOn: '2011-03-21' });
  });

  it('reads the first title: valor 40.00, nosso número 196 after the convênio', () => {
    expect(items[0].amountCents).toBe(4000);
    expect(items[0].ourNumber).toBe('32948600000000196');
    expect(items[0].ourNumberSequence).toBe('196');
  });

  it('reads 5 liquidações with their tariffs and credits (by hand)', () => {
    expect(items.map((t) => [t.ourNumberSequence, t.amountCents, t.paidCents, t.netCents, t.feeCents])).toEqual([
      ['196', 4000, 4000, 3500, 500],
      ['236', 3000, 3000, 2500, 500],
      ['244', 1500, 1500, 1000, 500],
      ['249', 1500, 1500, 1000, 500],
      ['5048', 2880, 2880, 2380, 500],
    ]);
    expect(items.every((t) => t.movement === '06' && t.occurrenceDate === '2011-03-21' && t.creditDate === '2011-03-23')).toBe(true);
    expect(items[0].reasons).toEqual([]); // "00": no motivo
  });

  it('tolerates the 241-character lot header (a trailing blank too many) without a warning', () => {
    expect(warnings).toEqual([]);
  });
});

describe('Sicredi 748 retorno (brcobranca spec/arquivos/CNAB240SICREDI.CRT)', async () => {
  const { items, warnings, header } = await readAllRetorno(fixture('cnab240-retorno-748-sicredi-brcobranca.crt'));

  it('reads the two titles brcobranca asserts, the first one field by field', () => {
    expect(items).toHaveLength(2);
    const first = items[0];
    expect(first.ourNumber).toBe('172000595');
    expect(first.dueDate).toBe('2017-04-13');
    expect(first.amountCents).toBe(995);
    expect(first.collectingBank).toBe('000');
    expect(first.movement).toBe('02');
    expect(first.occurrenceDate).toBe('2017-04-06');
    expect(first.creditDate).toBeNull();
    expect([first.otherExpensesCents, first.iofCents, first.rebateCents, first.discountCents, first.paidCents, first.interestCents, first.otherCreditsCents, first.feeCents])
      .toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(first.reasons.map((r) => r.code)).toEqual(['A4']);
    expect(first.line).toBe(3); // sequencial 00001
  });

  it('describes codes with the Sicredi profile (by hand): our sequence is ano + byte + sequencial', () => {
    expect(header).toMatchObject({ bank: '748', agency: '00390', account: '000000004146', accountDv: '8' });
    // nosso número 17/200059-5: the sequence a conta Sicredi numbers with is 17200059
    expect(items[0]).toMatchObject({ movementDescription: 'Entrada confirmada', category: 'entrada', ourNumberSequence: '17200059' });
    expect(items[0].reasons).toEqual([{ code: 'A4', description: 'Pagador DDA' }]);
    expect(items[0]).toMatchObject({ payerDocument: '44952927838', payerName: 'SURFISTAO MEDINA', companyReference: '8457' });
    // movement 28 brings its fee in segment T (no payment: nothing to derive from pago − líquido)
    expect(items[1]).toMatchObject({ movement: '28', category: 'tarifa', feeCents: 380, creditDate: '2017-04-06' });
    expect(items[1].reasons).toEqual([{ code: '05', description: 'Tarifa de outras instruções' }]);
    expect(warnings).toEqual([]);
  });
});
