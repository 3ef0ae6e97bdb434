import { describe, expect, it } from 'vitest';
import type { CnabFileHeader, CnabWarning, RemessaEntryRead, RetornoTitle } from '../cnab-types.js';
import { chunksOf, fixture400 } from '../test-helpers.js';
import { readRemessa400 } from './read-remessa-400.js';
import { detectCnabLayout, readRetorno, readRetornoChunks } from './read-retorno-any.js';

/**
 * CNAB 400 files of other projects (origins in packages/domain/test/fixtures/README.md), read
 * with the values their own tests assert; "by hand" marks values read from the manual's positions.
 */

async function readAll(bytes: Uint8Array, chunk = 65_536) {
  const warnings: CnabWarning[] = [];
  let header: CnabFileHeader | null = null;
  const items: RetornoTitle[] = [];
  for await (const t of readRetorno(chunksOf(bytes, chunk), { onWarning: (w) => warnings.push(w), onHeader: (h) => (header = h) })) items.push(t);
  return { items, warnings, header: header as CnabFileHeader | null };
}

describe('Itaú 341 CNAB 400 retorno (brcobranca spec/arquivos/CNAB400ITAU.RET)', async () => {
  const bytes = fixture400('cnab400-retorno-341-itau-brcobranca.ret');
  const { items, warnings, header } = await readAll(bytes);

  it('is detected as CNAB 400 of bank 341 from its header', () => {
    expect(detectCnabLayout(bytes.subarray(0, 400).toString('latin1'))).toEqual({ layout: 400, bank: '341' });
    expect(header).toMatchObject({ bank: '341', kind: 'retorno', agency: '0730', account: '03511', accountDv: '0', generatedOn: '2013-05-20', fileNumber: 25 });
  });

  it('reads the 52 titles of the 53 records brcobranca loads, without warnings', () => {
    // pagamentos.size == 53: brcobranca's load_lines skips only the header, so its 53 include the
    // trailer (type 9); the file holds 52 details (type 1)
    expect(items).toHaveLength(52);
    expect(warnings).toEqual([]);
  });

  it('reads the first title as brcobranca asserts it', () => {
    const t = items[0];
    expect(t.line).toBe(2); // sequencial '000002'
    expect(t.ourNumber).toBe('00000011'); // nosso_numero
    expect(t.ourNumberSequence).toBe('11');
    expect(t.dueDate).toBeNull(); // data_vencimento '000000'
    expect(t.amountCents).toBe(4000); // valor_titulo 0000000004000
    expect(t.collectingBank).toBe('104'); // banco_recebedor
    expect(t.collectingAgency).toBe('18739'); // agencia_recebedora_com_dv
    expect(t.feeCents).toBe(210); // valor_tarifa 0000000000210
    expect([t.iofCents, t.rebateCents, t.discountCents, t.interestCents, t.otherCreditsCents]).toEqual([0, 0, 0, 0, 0]);
    expect(t.netCents).toBe(3790); // valor_recebido 0000000003790: "valor principal", lançado em conta
    expect(t.paidCents).toBe(4000); // derived: credited + fee
    expect(t.movement).toBe('06'); // codigo_ocorrencia
    expect(t.category).toBe('liquidacao');
    expect(t.movementDescription).toBe('Liquidação normal');
    expect(t.occurrenceDate).toBe('2013-05-20'); // data_ocorrencia 200513
    expect(t.creditDate).toBe('2013-05-21'); // data_credito 210513
    expect(t.reasons).toEqual([]); // motivo_ocorrencia []
    expect(t.channel).toEqual({ code: 'B5', description: 'Outros bancos – correspondente' }); // by hand, 393-394
  });

  it('reads the same titles by chunk whatever the cut', async () => {
    const whole: RetornoTitle[] = [];
    for await (const c of readRetornoChunks([bytes])) whole.push(...c);
    const small = await readAll(bytes, 7);
    expect(small.items).toEqual(whole);
    expect(whole).toEqual(items);
  });
});

describe('Itaú 341 CNAB 400 retorno (laravel-boleto tests/Retorno/files/cnab400/itau.ret)', async () => {
  const { items, warnings, header } = await readAll(fixture400('cnab400-retorno-341-itau-laravel-boleto.ret'));

  it('reads bank 341 and the 3 liquidações laravel-boleto counts', () => {
    expect(header?.bank).toBe('341'); // getCodigoBanco() 341
    expect(items.filter((t) => t.category === 'liquidacao')).toHaveLength(3); // quantidadeLiquidados 3
    expect(items).toHaveLength(4);
    expect(warnings).toEqual([]);
    for (const t of items) expect(t.documentNumber).toBeTypeOf('string'); // numeroDocumento present
  });

  it('keeps the alegação do pagador (25) as "outro" and the channels B2, BL, B1 (by hand)', () => {
    expect(items.map((t) => t.movement)).toEqual(['06', '25', '06', '06']);
    expect(items[1].category).toBe('outro');
    expect(items.map((t) => t.channel?.code ?? null)).toEqual(['B2', 'B2', 'BL', 'B1']);
    expect(items[0]).toMatchObject({ amountCents: 389_75, feeCents: 333, documentNumber: '1A' });
  });
});

describe('Itaú 341 CNAB 400 remessa (brcobranca spec/fixtures/remessa/remessa-itau-cnab400.rem)', () => {
  it('reads the entry brcobranca wrote from its spec inputs', async () => {
    const entries: RemessaEntryRead[] = [];
    const warnings: CnabWarning[] = [];
    for await (const e of readRemessa400([fixture400('cnab400-remessa-341-itau-brcobranca-golden.rem')], { onWarning: (w) => warnings.push(w) })) entries.push(e);
    expect(warnings).toEqual([]);
    expect(entries).toHaveLength(1);
    // spec inputs: valor 199.9, nosso_numero 123, documento_sacado 12345678901, cep 12345678, uf SP,
    // data_vencimento = Date.current under Timecop 2015-07-14, multa 2.00
    expect(entries[0]).toMatchObject({
      bank: '341',
      movement: '01',
      kind: 'entrada',
      ourNumber: '123',
      bankOurNumber: '00000123',
      dueDate: '2015-07-14',
      amountCents: 19_990,
      issueDate: '2015-07-14',
      // codigo_multa '1' with percentual_multa 2.00: code 1 is "valor" in nota 35, so R$ 2,00
      fine: { type: 'amount', cents: 200, date: '2015-07-14' },
      interest: null,
    });
    expect(entries[0].payer).toMatchObject({ document: '12345678901', cep: '12345678', uf: 'SP' });
  });
});
