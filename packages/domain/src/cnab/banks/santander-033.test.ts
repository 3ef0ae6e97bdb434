import { describe, expect, it } from 'vitest';
import type { CnabAccount, RemessaEntry, RetornoTitle } from '../cnab-types.js';
import { CnabError } from '../cnab-error.js';
import { readRetorno } from '../read/read-retorno-any.js';
import { readRaw } from '../record/read-field.js';
import type { RecordLayout } from '../record/record-layout.js';
import { fixture, GENERATED_AT, readAllRemessa, readAllRetorno, sampleEntries } from '../test-helpers.js';
import { writeRemessa240, writeRemessa240Lines } from '../write/write-remessa.js';
import { writeRetorno240 } from '../write/write-retorno.js';
import { santander033 } from './santander-033.js';

/**
 * Santander 033 CNAB 240 (H7815 v2.9, April 2018). Fixtures (origins in test/fixtures/README.md):
 * brcobranca's golden remessa and its CNAB240SANTANDER.RET, laravel-boleto's santander.ret.
 */
const SANTANDER: CnabAccount = {
  bank: '033',
  agency: '3163-8',
  account: '013002862-5',
  beneficiaryCode: '7401949',
  wallet: '101',
  beneficiaryName: 'Boleto Garantido Serviços Financeiros Ltda',
  beneficiaryDocument: '11.222.333/0001-81',
};

/** Every field of a record whose characters differ between two lines. */
function differingFields(layout: RecordLayout, a: string, b: string): string[] {
  return layout.fields.filter((f) => readRaw(a, f) !== readRaw(b, f)).map((f) => f.name);
}

async function titlesOf(bytes: Buffer) {
  const titles: RetornoTitle[] = [];
  for await (const t of readRetorno([bytes])) titles.push(t);
  return titles;
}

describe('Santander 033 CNAB 240 remessa written by us', () => {
  const lines = [...writeRemessa240Lines({ account: SANTANDER, fileNumber: 12, generatedAt: GENERATED_AT, entries: sampleEntries() })];

  it('puts the código de transmissão in the headers and Santander\'s account, nosso número and codes in segment P (pp. 1-3, 8)', () => {
    for (const l of lines) expect(l).toHaveLength(240);
    const [file, lot, p] = lines;
    expect(file.slice(16, 47)).toBe('2011222333000181316300007401949'); // tipo 2, CNPJ (15), agência + 0000 + código do beneficiário
    expect([file.slice(142, 151), file.slice(151, 157), file.slice(157, 166)]).toEqual(['110032025', '      ', '000012040']);
    expect(lot.slice(8, 17)).toBe('R01  030 ');
    expect(lot.slice(53, 68)).toBe('316300007401949');
    expect(p.slice(13, 62)).toBe('P 013163801300286250130028625  0000000000019511  ');
    expect(p.slice(62, 77)).toBe('101-5          ');
    expect([p[220], p.slice(223, 229)]).toEqual(['0', '200000']); // não protestar, não baixar, moeda 00 (notas 25-27)
    const lotTrailer = lines.at(-2)!;
    expect(lotTrailer.slice(23)).toBe(' '.repeat(217)); // the remessa's lot trailer carries the count only
  });

  it('reads back identically: kind, numbers, dates, amounts, payer, multa and juros', async () => {
    const input = sampleEntries();
    const { items, warnings, header } = await readAllRemessa(writeRemessa240({ account: SANTANDER, fileNumber: 12, generatedAt: GENERATED_AT, entries: input }));
    expect(warnings).toEqual([]);
    expect(header).toMatchObject({ bank: '033', kind: 'remessa', fileNumber: 12, layoutVersion: '040' });
    expect(items).toHaveLength(input.length);
    items.forEach((r, i) => {
      const e = input[i];
      expect(r).toMatchObject({ kind: e.kind, ourNumber: String(e.ourNumber), documentNumber: e.documentNumber, dueDate: e.dueDate, amountCents: e.amountCents });
      if (e.kind === 'entrada') {
        expect(r.payer).toEqual(e.payer);
        expect(r.fine).toEqual(e.fine ?? null);
        expect(r.interest).toEqual(e.interest ?? null);
      }
    });
  });

  it('refuses a conta without its DV, another carteira and a long nosso número, in Portuguese', () => {
    const one: RemessaEntry[] = sampleEntries().slice(0, 1);
    const write = (account: CnabAccount, entries = one) => () => writeRemessa240({ account, fileNumber: 1, generatedAt: GENERATED_AT, entries });
    expect(write({ ...SANTANDER, account: '013002862' })).toThrow(/até 9 dígitos e o DV/);
    expect(write({ ...SANTANDER, wallet: '102' })).toThrow(CnabError);
    expect(write(SANTANDER, [{ ...one[0], ourNumber: '1234567890123' }])).toThrow(/Título 1 .*12 dígitos/);
  });
});

describe("brcobranca's golden Santander remessa (spec/fixtures/remessa/remessa-santander-cnab240.rem)", () => {
  // the spec: valor 199.9, vencimento = emissão = Date.current (Timecop 2015-07-14), nosso_numero
  // 1234567, numero 123, documento 9999, codigo_baixa 3 / dias 0; código de transmissão
  // 000100001234567, agência 0001, conta 013001234-3, documento_cedente 28254225000193
  const golden = fixture('cnab240-remessa-033-santander-brcobranca-golden.rem');

  it('reads the entry brcobranca wrote, with the values its spec gives', async () => {
    const { items, warnings, header } = await readAllRemessa(golden);
    expect(warnings).toEqual([]);
    expect(header).toMatchObject({ bank: '033', kind: 'remessa', companyDocument: '028254225000193', companyName: 'SOCIEDADE BRASILEIRA DE ZOOLOG', generatedOn: '2015-07-14', fileNumber: 1, layoutVersion: '040' });
    expect(items).toHaveLength(1);
    // its nosso número is 1234567 with the DV 9 (módulo 11), in 13 positions as the manual asks
    expect(items[0]).toMatchObject({ kind: 'entrada', movement: '01', bankOurNumber: '0000012345679', ourNumber: '1234567', documentNumber: '9999', dueDate: '2015-07-14', issueDate: '2015-07-14', amountCents: 19_990 });
    expect(items[0].payer).toMatchObject({ document: '12345678901', cep: '12345678', uf: 'SP' });
  });

  it('matches ours field by field, except where brcobranca and we choose differently', () => {
    const goldenLines = golden.toString('latin1').split(/\r?\n/).filter((l) => l !== '');
    const ours = [
      ...writeRemessa240Lines({
        account: { ...SANTANDER, agency: '0001-9', account: '013001234-3', beneficiaryCode: '1234567', beneficiaryName: 'SOCIEDADE BRASILEIRA DE ZOOLOGIA LTDA', beneficiaryDocument: '28254225000193' },
        fileNumber: 1,
        generatedAt: new Date('2015-07-14T16:15:15-03:00'),
        entries: [
          {
            kind: 'entrada',
            ourNumber: 1_234_567,
            documentNumber: '9999',
            dueDate: '2015-07-14',
            issueDate: '2015-07-14',
            amountCents: 19_990,
            payer: { document: '12345678901', name: 'PABLO DIEGO JOSE FRANCISCO DE PAULA JUAN', address: 'RUA RIO GRANDE DO SUL SAO PAULO MINAS CA', district: 'SAO JOSE DOS QU', cep: '12345678', city: 'SANTA RITA DE C', uf: 'SP' },
            fine: { type: 'percent', percent: '0', date: null },
          },
        ],
      }),
    ];
    expect(ours).toHaveLength(goldenLines.length);
    const l = santander033.layout;
    const r = l.remessa!;
    expect(differingFields(r.fileHeader!, goldenLines[0], ours[0])).toEqual([]);
    // brcobranca writes FEBRABAN's data do crédito (zeros) where Santander's lot header has brancos (200-240)
    expect(differingFields(r.lotHeader!, goldenLines[1], ours[1])).toEqual(['brancos200']);
    // P: brcobranca sends tipo de cobrança 1 (cobrança simples eletrônica), documento escritural
    // (2), código de protesto 3 (the beneficiary's profile) and baixa 3 (the same); ours: 5 (rápida
    // com registro, emitted by us), tradicional (1), 0 não protestar and 2 não baixar (our baixas
    // are explicit instructions)
    expect(differingFields(l.segmentP, goldenLines[2], ours[2])).toEqual(['carteira', 'tipoDocumento', 'codigoProtesto', 'codigoBaixa']);
    expect(differingFields(l.segmentQ, goldenLines[3], ours[3])).toEqual([]);
    // R: brcobranca writes FEBRABAN's third discount (zeros) where Santander has brancos (42-65), and
    // multa code 0 without date; ours is a multa of 0 % (code 2) from the day after the due date
    expect(differingFields(l.segmentR, goldenLines[4], ours[4])).toEqual(['brancos42', 'codigoMulta', 'dataMulta']);
    expect(differingFields(r.lotTrailer!, goldenLines[5], ours[5])).toEqual([]);
    expect(differingFields(l.fileTrailer, goldenLines[6], ours[6])).toEqual([]);
  });
});

describe('Santander 033 CNAB 240 money loop: our remessa → the bank\'s retorno in its layout → entrada and liquidação', () => {
  it('confirms the entradas and settles one with valor pago, tarifa, líquido and the liquidação code apart', async () => {
    const { items } = await readAllRemessa(writeRemessa240({ account: SANTANDER, fileNumber: 12, generatedAt: GENERATED_AT, entries: sampleEntries() }));
    const entradas = items.filter((e) => e.kind === 'entrada');
    const retorno = writeRetorno240({
      account: SANTANDER,
      fileNumber: 40,
      generatedAt: new Date('2025-04-12T12:00:00Z'),
      titles: [
        ...entradas.map((e) => ({ movement: '02', ourNumber: e.ourNumber, documentNumber: e.documentNumber, dueDate: e.dueDate!, amountCents: e.amountCents, occurrenceDate: '2025-03-11' })),
        // paid two days late by compensação eletrônica (41-C 04): juros and multa R$ 3,99, tarifa R$ 3,92
        { movement: '06', ourNumber: entradas[0].ourNumber, documentNumber: entradas[0].documentNumber, dueDate: entradas[0].dueDate!, amountCents: 15_000, paidCents: 15_399, interestCents: 399, feeCents: 392, occurrenceDate: '2025-04-12', creditDate: '2025-04-14', reasons: ['04'] },
      ],
    });
    const titles = await titlesOf(retorno);
    expect(titles.map((t) => [t.bank, t.ourNumberSequence, t.category])).toEqual([
      ['033', '1', 'entrada'],
      ['033', '2', 'entrada'],
      ['033', '3', 'entrada'],
      ['033', '1', 'liquidacao'],
    ]);
    expect(titles[3]).toMatchObject({ ourNumber: '0000000000019', movement: '06', amountCents: 15_000, paidCents: 15_399, feeCents: 392, netCents: 15_007, interestCents: 399, occurrenceDate: '2025-04-12', creditDate: '2025-04-14' });
    expect(titles[3].reasons).toEqual([{ code: '04', description: 'Liquidação por compensação eletrônica' }]);
    expect(titles[3].channel).toEqual({ code: '04', description: 'Liquidação por compensação eletrônica' });
  });

  it('describes a rejected entrada\'s motivos as Santander words them (nota 41-A)', async () => {
    const titles = await titlesOf(writeRetorno240({ account: SANTANDER, fileNumber: 1, generatedAt: GENERATED_AT, titles: [{ movement: '03', ourNumber: 5, documentNumber: '1-1', dueDate: '2025-04-10', amountCents: 100, occurrenceDate: '2025-03-11', reasons: ['48', 'Z7'] }] }));
    expect(titles[0]).toMatchObject({ movement: '03', category: 'rejeicao' });
    expect(titles[0].reasons).toEqual([
      { code: '48', description: 'CEP inválido' },
      { code: 'Z7', description: 'Instrução exige segmento Y53' },
    ]);
  });
});

describe('upstream Santander CNAB 240 retornos read with the values their projects assert', () => {
  it("brcobranca's CNAB240SANTANDER.RET (spec/brcobranca/retorno/cnab240/santander_spec.rb)", async () => {
    const { items, warnings, header } = await readAllRetorno(fixture('cnab240-retorno-033-santander-brcobranca.ret'));
    // both upstream Santander retornos count only the details in the lot trailer (nota 38 says
    // header and trailer included): a warning, the titles are read all the same
    expect(warnings).toEqual([{ code: 'CONTAGEM_DIVERGENTE', line: 7, message: 'Linha 7: o trailer informa 4 registros no lote, foram lidos 6.' }]);
    expect(header).toMatchObject({ bank: '033', agency: '3163', agencyDv: '8', account: '013002862', accountDv: '5', beneficiaryCode: '007401949', generatedOn: '2016-04-01', fileNumber: 34 });
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      ourNumber: '0000000001406',
      ourNumberSequence: '140', // 000000000140 and its DV 6
      dueDate: '2016-04-01',
      amountCents: 1_000,
      collectingBank: '033',
      collectingAgency: '3163',
      creditDate: '2016-04-01',
      otherExpensesCents: 0,
      iofCents: 0,
      rebateCents: 0,
      discountCents: 0,
      paidCents: 1_000,
      interestCents: 0,
      otherCreditsCents: 0,
      feeCents: 392,
      reasons: [],
    });
    expect(items.map((t) => [t.movement, t.category])).toEqual([
      ['02', 'entrada'],
      ['06', 'liquidacao'],
    ]);
  });

  it("laravel-boleto's cnab240/santander.ret (tests/Retorno/RetornoCnab240Test.php): bank 033, one detail", async () => {
    const { items, warnings, header } = await readAllRetorno(fixture('cnab240-retorno-033-santander-laravel-boleto.ret'));
    expect(warnings.map((w) => w.code)).toEqual(['CONTAGEM_DIVERGENTE']);
    expect(header?.bank).toBe('033');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ bank: '033', movement: '17', category: 'liquidacao', ourNumber: '0000000001040', amountCents: 1_000, paidCents: 1_100 });
  });
});
