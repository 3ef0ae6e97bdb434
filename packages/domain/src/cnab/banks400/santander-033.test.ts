import { describe, expect, it } from 'vitest';
import type { CnabAccount, CnabWarning, RemessaEntry, RemessaEntryRead, RetornoTitle } from '../cnab-types.js';
import { CnabError } from '../cnab-error.js';
import { readRemessa400 } from '../read/read-remessa-400.js';
import { readRetorno } from '../read/read-retorno-any.js';
import { readRaw } from '../record/read-field.js';
import type { RecordLayout } from '../record/record-layout.js';
import { fixture400, GENERATED_AT, sampleEntries } from '../test-helpers.js';
import { writeRemessa400, writeRemessa400Lines, writeRetorno400, writeRetorno400Lines } from '../write/write-cnab400.js';
import { joinCnabLines } from '../write/write-remessa.js';
import { santander033 } from './santander-033.js';

/**
 * Santander 033 CNAB 400 (H7800 v2.17, April 2018). Fixtures (origins in test/fixtures/README.md):
 * brcobranca's golden remessa and retorno, laravel-boleto's retorno with and without a Pix record.
 */
const SANTANDER: CnabAccount = {
  bank: '033',
  agency: '1234',
  account: '13000123',
  beneficiaryCode: '1899775',
  wallet: '101',
  beneficiaryName: 'Boleto Garantido Serviços Financeiros Ltda',
  beneficiaryDocument: '11.222.333/0001-81',
};

/** Our sample entries in what Santander's CNAB 400 carries: juros per day, multa in percent only. */
function entries(): RemessaEntry[] {
  return sampleEntries()
    .filter((e) => e.interest?.type !== 'monthly_percent')
    .map((e) => (e.fine?.type === 'amount' ? { ...e, fine: { type: 'percent', percent: '2', date: e.fine.date } } : e));
}

async function readBack(bytes: Buffer) {
  const warnings: CnabWarning[] = [];
  const read: RemessaEntryRead[] = [];
  for await (const e of readRemessa400([bytes], { onWarning: (w) => warnings.push(w) })) read.push(e);
  return { read, warnings };
}

async function readTitles(bytes: Buffer) {
  const warnings: CnabWarning[] = [];
  const titles: RetornoTitle[] = [];
  for await (const t of readRetorno([bytes], { onWarning: (w) => warnings.push(w) })) titles.push(t);
  return { titles, warnings };
}

describe('Santander 033 CNAB 400 remessa written by us', () => {
  it('has 400-character records numbered 1..n, header, detail and trailer at the manual positions (pp. 6-10)', () => {
    const input = entries();
    const lines = [...writeRemessa400Lines({ account: SANTANDER, fileNumber: 7, generatedAt: GENERATED_AT, entries: input })];
    for (const l of lines) expect(l).toHaveLength(400);
    lines.forEach((l, i) => expect(l.slice(394)).toBe(String(i + 1).padStart(6, '0')));
    const h = lines[0];
    expect(h.slice(0, 26)).toBe('01REMESSA01COBRANCA       ');
    expect(h.slice(26, 46)).toBe('12341300012313000123'); // código de transmissão: agência, conta movimento, conta cobrança (nota 2)
    expect(h.slice(76, 100)).toBe('033SANTANDER      100325');
    const d = lines[1];
    expect(d.slice(0, 37)).toBe('1021122233300018112341300012313000123');
    expect(d.slice(62, 70)).toBe('00000019'); // nota 3: 0000001 and its DV (módulo 11 of 1: 11 − 2 = 9)
    expect(d.slice(77, 82)).toBe('40200'); // nota 4: multa code 4, 2,00%
    expect(d.slice(101, 107)).toBe('110425'); // multa from 11/04/25
    expect([d[107], d.slice(108, 110), d.slice(147, 150), d.slice(156, 160)]).toEqual(['5', '01', '01N', '0704']);
    expect(d.slice(160, 173)).toBe('0000000000050'); // juros R$ 0,50 por dia
    expect(d.slice(326, 334)).toBe('01001000');
    // the trailer: the file's records and the titles' total (brcobranca and laravel-boleto count every record)
    const total = input.reduce((s, e) => s + e.amountCents, 0);
    expect(lines.at(-1)).toBe('9' + String(lines.length).padStart(6, '0') + String(total).padStart(13, '0') + '0'.repeat(374) + String(lines.length).padStart(6, '0'));
  });

  it('writes a conta nova (9 digits + DV) as its first 8 digits and "I" + the 9th and the DV in 383-385 (nota 2, p. 16)', () => {
    const lines = [...writeRemessa400Lines({ account: { ...SANTANDER, account: '001234567-8' }, fileNumber: 1, generatedAt: GENERATED_AT, entries: entries().slice(0, 1) })];
    expect(lines[0].slice(26, 46)).toBe('12340012345600123456');
    expect(lines[1].slice(382, 385)).toBe('I78');
  });

  it('reads back identically: kind, numbers, dates, amounts, payer, multa and juros', async () => {
    const input = entries();
    const { read, warnings } = await readBack(writeRemessa400({ account: SANTANDER, fileNumber: 7, generatedAt: GENERATED_AT, entries: input }));
    expect(warnings).toEqual([]);
    expect(read).toHaveLength(input.length);
    read.forEach((r, i) => {
      const e = input[i];
      expect(r).toMatchObject({ bank: '033', kind: e.kind, ourNumber: String(e.ourNumber), documentNumber: e.documentNumber, dueDate: e.dueDate, amountCents: e.amountCents, issueDate: e.issueDate });
      if (e.kind === 'entrada') {
        expect(r.payer).toEqual({ ...e.payer, district: e.payer!.district.slice(0, 12) });
        expect(r.fine).toEqual(e.fine);
        expect(r.interest).toEqual(e.interest);
      } else {
        expect(r.payer).toBeNull();
      }
    });
    expect(read.map((r) => r.movement)).toEqual(['01', '01', '02', '06', '47']);
  });

  it('keeps a multa date other than the day after the due date (102-107)', async () => {
    const entry = { ...entries()[0], fine: { type: 'percent' as const, percent: '2.5', date: '2025-04-15' } };
    const { read } = await readBack(writeRemessa400({ account: SANTANDER, fileNumber: 1, generatedAt: GENERATED_AT, entries: [entry] }));
    expect(read[0].fine).toEqual({ type: 'percent', percent: '2.5', date: '2025-04-15' });
  });

  it('refuses what the layout cannot carry, naming the title, in Portuguese', () => {
    const base = entries()[0];
    const write = (entry: RemessaEntry, account = SANTANDER) => [...writeRemessa400Lines({ account, fileNumber: 1, generatedAt: GENERATED_AT, entries: [entry] })];
    expect(() => write({ ...base, fine: { type: 'amount', cents: 300 } })).toThrow(/Título 1 .*só aceita multa em percentual/);
    expect(() => write({ ...base, ourNumber: 10_000_000 })).toThrow(/7 dígitos \+ DV/);
    expect(() => write(base, { ...SANTANDER, wallet: '102' })).toThrow(CnabError);
    expect(() => write(base, { ...SANTANDER, account: '1234567890' })).toThrow(/Conta corrente Santander/);
  });
});

/** Every field of a record whose characters differ between two lines. */
function differingFields(layout: RecordLayout, a: string, b: string): string[] {
  return layout.fields.filter((f) => readRaw(a, f) !== readRaw(b, f)).map((f) => f.name);
}

describe("brcobranca's golden Santander remessa (spec/fixtures/remessa/remessa-santander-cnab400.rem)", () => {
  // the spec's inputs: valor 199.9, vencimento = emissão = Date.current under Timecop 2015-07-14,
  // codigo_multa 4 with 2.00 %, valor_mora 8.00, cod_primeira_instrucao 06 with 6 dias de protesto,
  // nosso_numero 123, documento 6969, agência 8888, conta 000002997-8, documento_cedente 12345678910
  const golden = fixture400('cnab400-remessa-033-santander-brcobranca-golden.rem');

  it('reads the entry brcobranca wrote, with the values its spec gives', async () => {
    const { read, warnings } = await readBack(golden);
    expect(warnings).toEqual([]);
    expect(read).toHaveLength(1);
    expect(read[0]).toMatchObject({
      bank: '033',
      movement: '01',
      kind: 'entrada',
      bankOurNumber: '00000123',
      // brcobranca writes the number without its DV (nota 3 asks for 7 digits + DV): read by the
      // manual, the sequence is 0000012 and "3" its (wrong) DV
      ourNumber: '12',
      documentNumber: '0000000000', // its "seu número" is pagamento.numero, not set in the spec (6969 goes to 38-62)
      dueDate: '2015-07-14',
      amountCents: 19_990,
      issueDate: '2015-07-14',
      fine: { type: 'percent', percent: '2', date: '2015-07-15' },
      interest: { type: 'per_day', cents: 800, date: '2015-07-15' },
    });
    expect(read[0].payer).toEqual({ document: '12345678901', name: 'PABLO DIEGO JOSE FRANCISCO DE PAULA JUAN', address: 'RUA RIO GRANDE DO SUL SAO PAULO MINAS CA', district: 'SAO JOSE DOS', cep: '12345678', city: 'SANTA RITA DE C', uf: 'SP' });
  });

  it("reads brcobranca's Pix remessa (remessa-santander-cnab400-pix.rem): the same title, its type 8 record kept as a line we do not read", async () => {
    const { read, warnings } = await readBack(fixture400('cnab400-remessa-033-santander-pix-brcobranca-golden.rem'));
    expect(read).toHaveLength(1);
    expect(read[0]).toMatchObject({ bankOurNumber: '00000123', amountCents: 19_990, dueDate: '2015-07-14', fine: { type: 'percent', percent: '2' } });
    // santander_pix_spec.rb: registro 8, tipo de pagamento 00, 1 pagamento, valor (2), máximo and
    // mínimo 199,90 / 100 %, chave DICT tipo 1 "12345678910"; we write no type 8 (decision 125)
    expect(warnings).toEqual([{ code: 'LINHA_NAO_RECONHECIDA', line: 3, message: 'Linha 3: linha não reconhecida (registro tipo "8"), mantida sem efeito: 800012000000001999010000000000001999010000112345678910' }]);
  });

  it('matches ours field by field, except where brcobranca and we choose differently', () => {
    const goldenLines = golden.toString('latin1').split(/\r?\n/).filter((l) => l !== '');
    const ours = [
      ...writeRemessa400Lines({
        account: { ...SANTANDER, agency: '1777', account: '000002997-8', beneficiaryName: 'SOCIEDADE BRASILEIRA DE ZOOLOGIA LTDA', beneficiaryDocument: '12345678910' },
        fileNumber: 1,
        generatedAt: new Date('2015-07-14T16:15:15-03:00'),
        entries: [
          {
            kind: 'entrada',
            ourNumber: 12,
            documentNumber: '0000000000',
            dueDate: '2015-07-14',
            issueDate: '2015-07-14',
            amountCents: 19_990,
            payer: { document: '12345678901', name: 'PABLO DIEGO JOSÉ FRANCISCO DE PAULA JUAN', address: 'RUA RIO GRANDE DO SUL SAO PAULO MINAS CA', district: 'SAO JOSE DOS', cep: '12345678', city: 'SANTA RITA DE CÁSSIA', uf: 'SP' },
            fine: { type: 'percent', percent: '2' },
            interest: { type: 'per_day', cents: 800 },
          },
        ],
      }),
    ];
    expect(ours).toHaveLength(goldenLines.length);
    const l = santander033.layout;
    // header: the código de transmissão is the bank's (17777751042700080112), ours is composed from
    // the conta (nota 2); brcobranca sends remessa version 058, we leave it uncontrolled (000)
    expect(differingFields(l.remessaHeader!, goldenLines[0], ours[0])).toEqual(['conta', 'contaCobranca', 'versaoRemessa']);
    // detail: the conta is brcobranca's código de transmissão; usoEmpresa is its "6969" (ours
    // repeats the document number); it sends the
    // nosso número without DV (123), carteira code 1 and protest in 6 days (instrução 06), and no
    // multa date; ours: 0000012-3, carteira 5 (rápida com registro, emitida pelo beneficiário),
    // 07 não protestar / 04 não baixar, multa from the day after the due date
    expect(differingFields(l.remessaDetail!, goldenLines[1], ours[1])).toEqual([
      'conta',
      'contaCobranca',
      'usoEmpresa',
      'nossoNumero',
      'dataMulta',
      'codigoCarteira',
      'instrucao1',
      'instrucao2',
      'diasProtesto',
    ]);
    expect(differingFields(l.remessaTrailer!, goldenLines[2], ours[2])).toEqual([]);
  });
});

describe('Santander 033 money loop: our remessa → the bank\'s retorno in its layout → entrada and liquidação', () => {
  it('confirms the entradas and settles one with valor pago, tarifa and líquido apart', async () => {
    const { read } = await readBack(writeRemessa400({ account: SANTANDER, fileNumber: 7, generatedAt: GENERATED_AT, entries: entries() }));
    const entradas = read.filter((e) => e.kind === 'entrada');
    const retorno = writeRetorno400({
      account: SANTANDER,
      fileNumber: 31,
      generatedAt: new Date('2025-04-12T12:00:00Z'),
      titles: [
        ...entradas.map((e) => ({ movement: '02', ourNumber: e.ourNumber, documentNumber: e.documentNumber, dueDate: e.dueDate!, amountCents: e.amountCents, occurrenceDate: '2025-03-11' })),
        // the first paid two days late: juros 2 × R$ 0,50 + multa 2% on R$ 150,00; tarifa R$ 1,95
        { movement: '06', ourNumber: entradas[0].ourNumber, documentNumber: entradas[0].documentNumber, dueDate: entradas[0].dueDate!, amountCents: 15_000, paidCents: 15_400, interestCents: 400, feeCents: 195, occurrenceDate: '2025-04-12', creditDate: '2025-04-14', payerName: 'MARIA DA SILVA' },
      ],
    });
    const { titles, warnings } = await readTitles(retorno);
    expect(warnings).toEqual([]);
    expect(titles.map((t) => [t.ourNumberSequence, t.category, t.movementDescription])).toEqual([
      ['1', 'entrada', 'Entrada de título confirmada'],
      ['2', 'entrada', 'Entrada de título confirmada'],
      ['1', 'liquidacao', 'Liquidação'],
    ]);
    expect(titles[2]).toMatchObject({ bank: '033', ourNumber: '00000019', movement: '06', amountCents: 15_000, paidCents: 15_400, feeCents: 195, netCents: 15_205, interestCents: 400, occurrenceDate: '2025-04-12', creditDate: '2025-04-14', payerName: 'MARIA DA SILVA', channel: null });
  });

  it('describes a rejected entrada\'s three motivos (137-145, nota 19) in Portuguese with the raw codes', async () => {
    const bytes = writeRetorno400({ account: SANTANDER, fileNumber: 1, generatedAt: GENERATED_AT, titles: [{ movement: '03', ourNumber: 5, documentNumber: '1-1', dueDate: '2025-04-10', amountCents: 100, occurrenceDate: '2025-03-11', reasons: ['057', '092', '999'] }] });
    const { titles } = await readTitles(bytes);
    expect(titles[0]).toMatchObject({ movement: '03', category: 'rejeicao', movementDescription: 'Entrada de título rejeitada', reasonsRaw: '057092999' });
    expect(titles[0].reasons).toEqual([
      { code: '057', description: 'CEP do pagador incorreto' },
      { code: '092', description: 'Nosso número já cadastrado' },
      { code: '999', description: 'Motivo 999 não catalogado' },
    ]);
  });

  it('reads a Pix record (type 2) into its title and keeps an unknown record as "linha não reconhecida"', async () => {
    const base = [...writeRetorno400Lines({ account: SANTANDER, fileNumber: 1, generatedAt: GENERATED_AT, titles: [{ movement: '02', ourNumber: 9, documentNumber: '9-9', dueDate: '2025-04-10', amountCents: 100, occurrenceDate: '2025-03-11' }] })];
    const numbered = (l: string, n: number) => l.slice(0, 394) + String(n).padStart(6, '0');
    const pix = numbered('25' + 'b1c2d3e4-0000-4000-8000-000000000009'.padEnd(77) + 'BG0000000009'.padEnd(35), 3);
    const unknown = numbered('7' + 'MENSAGEM DO BANCO'.padEnd(393), 4);
    const { titles, warnings } = await readTitles(joinCnabLines([base[0], base[1], pix, unknown, numbered(base[2], 5)]));
    expect(titles).toHaveLength(1);
    expect(titles[0].pix).toEqual({ qrCode: 'b1c2d3e4-0000-4000-8000-000000000009', txid: 'BG0000000009', errorCode: '', line: 3 });
    expect(warnings).toEqual([{ code: 'LINHA_NAO_RECONHECIDA', line: 4, message: 'Linha 4: linha não reconhecida (registro tipo "7"), mantida sem efeito: 7MENSAGEM DO BANCO' }]);
  });
});

describe('upstream Santander retornos read with the values their projects assert', () => {
  it("brcobranca's CNAB400SANTANDER.RET (spec/brcobranca/retorno/cnab400/santander_spec.rb): 52 titles, the first as asserted, the Pix record of the last", async () => {
    const { titles, warnings } = await readTitles(fixture400('cnab400-retorno-033-santander-brcobranca.ret'));
    expect(warnings).toEqual([]);
    // its 54 "pagamentos" are every line after the header: 52 details, the Pix record and the trailer
    expect(titles).toHaveLength(52);
    expect(titles[0]).toMatchObject({
      bank: '033',
      ourNumber: '00000011',
      movement: '06',
      category: 'liquidacao',
      dueDate: null, // '000000'
      amountCents: 4_000,
      collectingBank: '033',
      collectingAgency: '18739',
      feeCents: 210,
      iofCents: 0,
      rebateCents: 0,
      discountCents: 0,
      paidCents: 3_790, // valor_recebido
      netCents: 3_580, // recebido − tarifa
      interestCents: 0,
      otherCreditsCents: 0,
      creditDate: '2013-05-21', // '210513'
      reasons: [],
      line: 2,
    });
    // pagamentos[52]: codigo_registro 2, tipo_chave_dict 1, codigo_chave_dict 12345678901, txid
    expect(titles[51].pix).toEqual({ qrCode: '12345678901', txid: 'd48c95197d6ec3985b89bc3ccb3351', errorCode: '', line: 54 });
  });

  it("laravel-boleto's santander.ret and santander_pix.ret (tests/Retorno/RetornoCnab400Test.php): bank 033, one detail, the Pix id and location", async () => {
    const plain = await readTitles(fixture400('cnab400-retorno-033-santander-laravel-boleto.ret'));
    expect(plain.warnings).toEqual([]);
    expect(plain.titles).toHaveLength(1);
    expect(plain.titles[0]).toMatchObject({ bank: '033', pix: null });
    const pix = await readTitles(fixture400('cnab400-retorno-033-santander-pix-laravel-boleto.ret'));
    expect(pix.warnings).toEqual([]);
    expect(pix.titles).toHaveLength(1);
    expect(pix.titles[0].pix).toMatchObject({ qrCode: '39a1178e-db6b-4407-bc7b-b674390acf5f', txid: 'id-da-transcao-pix' });
  });
});
