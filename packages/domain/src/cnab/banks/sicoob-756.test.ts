import { describe, expect, it } from 'vitest';
import type { CnabAccount, RemessaEntry, RetornoTitle } from '../cnab-types.js';
import { readRetorno } from '../read/read-retorno-any.js';
import { fixture, GENERATED_AT, readAllRemessa, readAllRetorno, sampleEntries } from '../test-helpers.js';
import { writeRemessa240, writeRemessa240Lines } from '../write/write-remessa.js';
import { writeRetorno240 } from '../write/write-retorno.js';
import { sicoob756 } from './sicoob-756.js';

/**
 * Sicoob 756 CNAB 240 (origins of the fixtures in packages/domain/test/fixtures/README.md): the
 * upstream retorno read with the values brcobranca asserts, brcobranca's golden remessa against
 * ours, our remessa read back, and the money loop remessa → retorno in Sicoob's layout.
 */
const SICOOB: CnabAccount = {
  bank: '756',
  agency: '4327',
  account: '03666',
  beneficiaryCode: '229385',
  wallet: '1/01',
  beneficiaryName: 'Boleto Garantido Serviços Financeiros Ltda',
  beneficiaryDocument: '11.222.333/0001-81',
};

const range = (line: string, from: number, to: number) => line.slice(from - 1, to);

describe('Sicoob 756 retorno (brcobranca spec/arquivos/CNAB240SICOOB.RET)', async () => {
  const { items, warnings } = await readAllRetorno(fixture('cnab240-retorno-756-sicoob-brcobranca.ret'));

  it('reads the three pagamentos brcobranca asserts, the first one field by field', () => {
    expect(items).toHaveLength(3);
    const first = items[0];
    expect(first.ourNumber).toBe('0000000083'); // nosso_numero '0000000083'
    expect(first.dueDate).toBe('2015-08-13'); // data_vencimento '13082015'
    expect(first.amountCents).toBe(200); // valor_titulo 000000000000200
    expect(first.collectingBank).toBe('756'); // banco_recebedor
    expect(first.collectingAgency).toBe('03039'); // agencia_recebedora_com_dv '030390'
    expect(first.movement).toBe('06'); // codigo_ocorrencia
    expect(first.occurrenceDate).toBe('2015-08-10');
    expect(first.creditDate).toBe('2015-08-10');
    expect(first.paidCents).toBe(200); // valor_recebido
    expect(first.feeCents).toBe(170); // valor_tarifa
    expect([first.otherExpensesCents, first.iofCents, first.rebateCents, first.discountCents, first.interestCents, first.otherCreditsCents]).toEqual([0, 0, 0, 0, 0, 0]);
    expect(first.reasons.map((r) => r.code)).toEqual(['03']); // motivo_ocorrencia ['03']
    expect(first.line).toBe(3); // sequencial 00001
  });

  it('maps them to liquidações of our sequences, with the channel and the fee apart (by hand)', () => {
    expect(items.map((t) => [t.ourNumberSequence, t.category, t.paidCents, t.feeCents, t.netCents])).toEqual([
      ['8', 'liquidacao', 200, 170, 200],
      ['11', 'liquidacao', 200, 170, 200],
      ['12', 'liquidacao', 200, 170, 200],
    ]);
    // Sicoob credits the whole payment (líquido 200) and debits the fee on its own: kept as written
    expect(items[0].channel).toEqual({ code: '03', description: 'Liquidação no guichê de caixa em dinheiro' });
  });

  it('reports its header, which lacks the 10 blanks of 133-142, and still reads every title', () => {
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ code: 'LINHA_INVALIDA', line: 1 });
    expect(warnings[0].message).toMatch(/^Linha 1: no header de arquivo, o campo Data de geração do arquivo \(posições 144 a 151\)/);
  });
});

describe('Sicoob 756 golden remessa (brcobranca spec/fixtures/remessa/remessa-bancoob-cnab240.rem)', () => {
  const golden = fixture('cnab240-remessa-756-sicoob-brcobranca-golden.rem').toString('latin1').split('\n');

  it('reads back brcobranca\'s inputs (sicoob_spec.rb: agência 4327-3, conta 03666-8, nosso número 429715, R$ 50,00)', async () => {
    const { items, header, warnings } = await readAllRemessa(fixture('cnab240-remessa-756-sicoob-brcobranca-golden.rem'));
    expect(warnings).toEqual([]);
    expect(header).toMatchObject({ bank: '756', kind: 'remessa', generatedOn: '2015-07-14', generatedTime: '16:15:15', agency: '04327', agencyDv: '3', account: '000000003666', accountDv: '8', layoutVersion: '081' });
    // NumTitulo 0000429715: brcobranca writes the number it is given; its last digit is read as the DV
    expect(items[0]).toMatchObject({ kind: 'entrada', bankOurNumber: '0000429715', ourNumber: '42971', documentNumber: '000000000006969', amountCents: 5_000, dueDate: '2015-07-14' });
  });

  it('is what our Sicoob profile writes for the same inputs, on every data field', () => {
    const account = { ...SICOOB, account: '03666', beneficiaryCode: '512231', beneficiaryName: 'SOCIEDADE BRASILEIRA DE ZOOLOGIA LTDA', beneficiaryDocument: '74576177000177' };
    const entry: RemessaEntry = {
      kind: 'entrada', ourNumber: 42_971, documentNumber: '000000000006969', dueDate: '2015-07-14', issueDate: '2015-07-14', amountCents: 5_000,
      payer: {
        document: '82136760505',
        name: 'PABLO DIEGO JOSÉ FRANCISCO DE PAULA JUAN NEPOMUCENO MARÍA DE LOS REMEDIOS CIPRIANO DE LA SANTÍSSIMA TRINIDAD RUIZ Y PICASSO',
        address: 'RUA RIO GRANDE DO SUL São paulo Minas caçapa da silva junior',
        district: 'São josé dos quatro apostolos magros', cep: '12345678', city: 'Santa rita de cássia maria da silva', uf: 'RJ',
      },
    };
    const ours = [...writeRemessa240Lines({ account, fileNumber: 0, generatedAt: new Date('2015-07-14T19:15:15Z'), entries: [entry] })];
    // file header: all but 72, the DV agência/conta the planilha asks as "0" (12.0) and brcobranca leaves blank
    expect(range(ours[0], 1, 71) + range(ours[0], 73, 240)).toBe(range(golden[0], 1, 71) + range(golden[0], 73, 240));
    expect(ours[1]).toBe(golden[1]); // lot header, byte for byte
    // segment P: account, NumTitulo 000042971 + parcela 01 + modalidade 01 + formulário 4, dates, value,
    // juros isento "0", forma de cadastramento "0", tipo de documento blank, baixa "0" + blanks, moeda
    for (const [from, to] of [[1, 46], [48, 195], [222, 240]]) expect(range(ours[2], from, to)).toBe(range(golden[2], from, to));
    // Differences that are choices, not data: 47, the DV (ours the planilha's item 3.13 over
    // cooperativa 4327 + cliente 0512231 + 0042971 = 0; brcobranca writes "429715" as it is given);
    // uso da empresa (196-220: ours left-aligned); protesto (221: their spec asks code 1, ours 3).
    expect(range(ours[2], 47, 47)).toBe('0');
    expect(ours[3]).toBe(golden[3]); // segment Q, byte for byte
    // brcobranca always writes an R (multa 0); ours only with a multa: the trailers count one record less
    expect(range(ours[4], 24, 240)).toBe(range(golden[5], 24, 240)); // lot trailer: 1 título, R$ 50,00
    expect(range(ours[5], 30, 240)).toBe(range(golden[6], 30, 240)); // file trailer: contas "000000"
  });
});

describe('Sicoob 756 remessa written by us', () => {
  it('reads back identically: kind, numbers, dates, amounts, payer, multa and juros', async () => {
    const input = sampleEntries();
    const { items, warnings, header } = await readAllRemessa(writeRemessa240({ account: SICOOB, fileNumber: 3, generatedAt: GENERATED_AT, entries: input }));
    expect(warnings).toEqual([]);
    expect(header).toMatchObject({ bank: '756', agency: '04327', agencyDv: '3', account: '000000003666', accountDv: '8', fileNumber: 3, layoutVersion: '081' });
    expect(items).toHaveLength(input.length);
    items.forEach((r, i) => {
      const e = input[i];
      expect(r).toMatchObject({ kind: e.kind, ourNumber: String(e.ourNumber), documentNumber: e.documentNumber, dueDate: e.dueDate, amountCents: e.amountCents, issueDate: e.issueDate });
      expect(r.payer).toEqual(e.kind === 'entrada' ? e.payer : null);
      if (e.kind === 'entrada') expect([r.fine, r.interest]).toEqual([e.fine ?? null, e.interest ?? null]);
    });
    // sequence 1 with cooperativa 4327 and cliente 229385: DV 7, as brcobranca's table asserts
    expect(items[0].bankOurNumber).toBe('0000000017'); // NumTitulo: 0000001 and its DV
  });

  it('writes the planilha\'s values: versions 081/040, juros "0" when isento, cadastramento "0", the nosso número in its parts', () => {
    const lines = [...writeRemessa240Lines({ account: SICOOB, fileNumber: 3, generatedAt: GENERATED_AT, entries: [{ ...sampleEntries()[0], interest: null }] })];
    expect([range(lines[0], 164, 166), range(lines[1], 14, 16), range(lines[0], 72, 72)]).toEqual(['081', '040', '0']);
    const p = lines[2];
    expect(range(p, 38, 57)).toBe('000000001701014     ');
    expect([range(p, 58, 62), range(p, 118, 118), range(p, 224, 227)]).toEqual(['10 22', '0', '0   ']);
    expect(range(lines.at(-1)!, 30, 35)).toBe('000000');
  });

  it('computes the cooperativa DVs of the planilha\'s "01.Contracapa" list and brcobranca\'s conta DV', () => {
    const dvOf = (agency: string, account = '03666') => {
      const header = [...writeRemessa240Lines({ account: { ...SICOOB, agency, account }, fileNumber: 1, generatedAt: GENERATED_AT, entries: [] })][0];
      return range(header, 58, 58) + range(header, 71, 71);
    };
    // 0001-9 AGÊNCIA SEDE, 1001-4, 1002-2, 1003-0, 1004-9, 2006-0, 3214-0, 4327-3 (INFOCRERJ, the planilha's own example)
    expect(['0001', '1001', '1002', '1003', '1004', '2006', '3214', '4327'].map((a) => dvOf(a)[0]).join('')).toBe('94209003');
    expect(dvOf('4327')[1]).toBe('8'); // sicoob_spec.rb: conta 03666 → 8
    expect(dvOf('4327-5', '3666-1')).toBe('51'); // DVs given by the account are written as given
  });

  it('refuses an account without conta corrente or with a carteira it cannot print, in Portuguese', () => {
    expect(() => writeRemessa240({ account: { ...SICOOB, account: undefined }, fileNumber: 1, generatedAt: GENERATED_AT, entries: [] })).toThrow(/Conta corrente Sicoob/);
    expect(() => writeRemessa240({ account: { ...SICOOB, wallet: 'RG' }, fileNumber: 1, generatedAt: GENERATED_AT, entries: sampleEntries() })).toThrow(/carteira\/modalidade/);
  });
});

describe('Sicoob 756 money loop: our remessa → the bank\'s retorno in its layout → entrada and liquidação', () => {
  it('confirms the entradas and settles one with valor pago, tarifa and líquido apart and the channel', async () => {
    const { items } = await readAllRemessa(writeRemessa240({ account: SICOOB, fileNumber: 3, generatedAt: GENERATED_AT, entries: sampleEntries() }));
    const entradas = items.filter((e) => e.kind === 'entrada');
    const retorno = writeRetorno240({
      account: SICOOB,
      fileNumber: 40,
      generatedAt: new Date('2025-04-12T12:00:00Z'),
      titles: [
        ...entradas.map((e) => ({ movement: '02', ourNumber: e.ourNumber, documentNumber: e.documentNumber, dueDate: e.dueDate!, amountCents: e.amountCents, occurrenceDate: '2025-03-11' })),
        // paid two days late through another bank's barcode: juros + multa R$ 3,99, tarifa R$ 1,70
        { movement: '06', ourNumber: entradas[0].ourNumber, documentNumber: entradas[0].documentNumber, dueDate: entradas[0].dueDate!, amountCents: 15_000, paidCents: 15_399, interestCents: 399, feeCents: 170, occurrenceDate: '2025-04-12', creditDate: '2025-04-14', reasons: ['04'] },
      ],
    });
    const titles: RetornoTitle[] = [];
    const warnings: unknown[] = [];
    for await (const t of readRetorno([retorno], { onWarning: (w) => warnings.push(w) })) titles.push(t);
    expect(warnings).toEqual([]);
    expect(titles.map((t) => [t.ourNumberSequence, t.category])).toEqual([['1', 'entrada'], ['2', 'entrada'], ['3', 'entrada'], ['1', 'liquidacao']]);
    expect(titles[3]).toMatchObject({ bank: '756', movement: '06', amountCents: 15_000, paidCents: 15_399, feeCents: 170, netCents: 15_229, interestCents: 399, occurrenceDate: '2025-04-12', creditDate: '2025-04-14' });
    expect(titles[3].channel).toEqual({ code: '04', description: 'Compensação eletrônica' });
  });

  it('describes rejections and fees in Portuguese with the raw codes', async () => {
    const bytes = writeRetorno240({
      account: SICOOB, fileNumber: 41, generatedAt: GENERATED_AT,
      titles: [
        { movement: '03', ourNumber: 5, documentNumber: '1-1', dueDate: '2025-04-10', amountCents: 100, occurrenceDate: '2025-03-11', reasons: ['48', '11'] },
        { movement: '28', ourNumber: 5, documentNumber: '1-1', dueDate: '2025-04-10', amountCents: 100, feeCents: 890, occurrenceDate: '2025-03-11', reasons: ['21'] },
        { movement: '86', ourNumber: 5, documentNumber: '1-1', dueDate: '2025-04-10', amountCents: 100, occurrenceDate: '2025-03-11' },
      ],
    });
    const titles: RetornoTitle[] = [];
    for await (const t of readRetorno([bytes])) titles.push(t);
    expect(titles[0]).toMatchObject({ category: 'rejeicao', reasonsRaw: '4811', ourNumberSequence: '5' });
    expect(titles[0].reasons).toEqual([{ code: '48', description: 'CEP inválido' }, { code: '11', description: 'Forma de cadastramento do título inválida' }]);
    expect(titles[1]).toMatchObject({ category: 'tarifa', feeCents: 890, reasons: [{ code: '21', description: 'Tarifa de gravação eletrônica (CRA)' }] });
    expect(titles[2]).toMatchObject({ category: 'outro', movementDescription: 'Confirmação de cancelamento do protesto' });
  });
});

describe('Sicoob 756 retorno tolerance', () => {
  it('keeps reading past a record of an unknown type and a segment it has no table for (warning, never fatal)', async () => {
    const lines = fixture('cnab240-retorno-756-sicoob-brcobranca.ret').toString('latin1').split('\r\n');
    const unknownType = '7560001' + '7' + 'MENSAGEM DO BANCO'.padEnd(232, ' ');
    const segmentY = lines[2].slice(0, 13) + 'Y' + lines[2].slice(14);
    const patched = [lines[0], lines[1], segmentY, unknownType, ...lines.slice(2)].join('\r\n');
    const { items, warnings } = await readAllRetorno(Buffer.from(patched, 'latin1'));
    expect(items.map((t) => t.ourNumberSequence)).toEqual(['8', '11', '12']);
    // the segment Y is a record of the lot (skipped, counted); the type-7 line is kept as "linha não reconhecida"
    expect(warnings.map((w) => [w.code, w.line])).toEqual([['LINHA_INVALIDA', 1], ['LINHA_NAO_RECONHECIDA', 4], ['CONTAGEM_DIVERGENTE', 11], ['CONTAGEM_DIVERGENTE', 12]]);
    expect(warnings[1].message).toBe('Linha 4: linha não reconhecida (registro tipo "7"), mantida sem efeito: 75600017MENSAGEM DO BANCO');
    // strict mode stops on a broken line, never on an unknown record
    const strict = await readAllRetorno(Buffer.from([lines[1], unknownType, ...lines.slice(2)].join('\r\n'), 'latin1'), { strict: true });
    expect(strict.items).toHaveLength(3);
  });
});

it('is the profile cnabProfile gives for 756', async () => {
  const { cnabProfile } = await import('./cnab-profiles.js');
  expect(cnabProfile('756')).toBe(sicoob756);
});
