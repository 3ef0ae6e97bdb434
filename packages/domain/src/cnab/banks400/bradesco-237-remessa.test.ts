import { describe, expect, it } from 'vitest';
import type { CnabAccount, CnabWarning, RemessaEntry, RemessaEntryRead, RetornoTitle } from '../cnab-types.js';
import { CnabError } from '../cnab-error.js';
import { readRemessa400 } from '../read/read-remessa-400.js';
import { readRetorno } from '../read/read-retorno-any.js';
import { normalizeCnabText } from '../record/cnab-text.js';
import type { RecordLayout } from '../record/record-layout.js';
import { fixture400, GENERATED_AT, sampleEntries } from '../test-helpers.js';
import { writeRemessa400, writeRemessa400Lines, writeRetorno400 } from '../write/write-cnab400.js';
import { bradesco237 } from './bradesco-237.js';

/**
 * Bradesco 237 CNAB 400 remessa (manual 4008-524-0121 pp. 9-22): compared field by field with
 * brcobranca's golden file (packages/domain/test/fixtures/README.md), read back, and the money loop
 * remessa → the bank's retorno in its layout → entrada and liquidação.
 */

const BRADESCO: CnabAccount = {
  bank: '237',
  agency: '4042-8',
  account: '0061900-0',
  beneficiaryCode: '4540691',
  wallet: '09',
  beneficiaryName: 'Boleto Garantido Serviços Financeiros Ltda',
  beneficiaryDocument: '11.222.333/0001-81',
};

const layout = bradesco237.layout;
const lines = (bytes: Buffer) => bytes.toString('latin1').split(/\r?\n/).filter((l) => l !== '');

/** The fields whose text differs between two records of the same layout, with both texts. */
function differingFields(l: RecordLayout, expected: string, actual: string): Record<string, [string, string]> {
  const out: Record<string, [string, string]> = {};
  for (const f of l.fields) {
    const a = expected.slice(f.start - 1, f.end);
    const b = actual.slice(f.start - 1, f.end);
    if (a !== b) out[f.name] = [a, b];
  }
  return out;
}

/** Our entries in what Bradesco's detail carries: juros per day, a multa in percent from the day after the due date. */
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

describe('Bradesco 237 remessa against brcobranca\'s golden file (spec/fixtures/remessa/remessa-bradesco-cnab400.rem)', () => {
  const golden = lines(fixture400('cnab400-remessa-237-bradesco-brcobranca-golden.rem'));
  // the spec's inputs (spec/brcobranca/remessa/cnab400/bradesco_spec.rb), Timecop 2015-07-14 16:15:15
  const name = 'PABLO DIEGO JOSÉ FRANCISCO,!^.?\\/@  DE PAULA JUAN NEPOMUCENO MARÍA DE LOS REMEDIOS CIPRIANO DE LA SANTÍSSIMA TRINIDAD RUIZ Y PICASSO';
  const ours = [
    ...writeRemessa400Lines({
      account: { bank: '237', agency: '1234-5', account: '1234567-1', beneficiaryCode: '123', wallet: '01', beneficiaryName: 'SOCIEDADE BRASILEIRA DE ZOOLOGIA LTDA', beneficiaryDocument: '11222333000181' },
      fileNumber: 1,
      generatedAt: new Date('2015-07-14T19:15:15Z'),
      entries: [
        {
          kind: 'entrada',
          ourNumber: 123,
          documentNumber: '1',
          dueDate: '2015-07-14',
          amountCents: 19_990,
          issueDate: '2015-07-14',
          fine: { type: 'percent', percent: '2.00' },
          payer: {
            document: '12345678901',
            name,
            address: 'RUA RIO GRANDE DO SUL,!^.?\\/@ São paulo Minas caçapa da silva junior',
            district: 'São josé dos quatro apostolos magros',
            cep: '12345678',
            city: 'Santa rita de cássia maria da silva',
            uf: 'SP',
          },
        },
      ],
    }),
  ];

  it('writes the same header and trailer, field by field', () => {
    expect(ours).toHaveLength(golden.length);
    expect(differingFields(layout.remessaHeader!, golden[0], ours[0])).toEqual({});
    expect(differingFields(layout.remessaTrailer!, golden[2], ours[2])).toEqual({});
    // the positions brcobranca's spec asserts on the header
    expect([ours[0][1], ours[0].slice(2, 9), ours[0].slice(26, 46), ours[0].slice(76, 79), ours[0].slice(108, 117)]).toEqual(['1', 'REMESSA', '00000000000000000123', '237', 'MX0000001']);
  });

  it('writes the same detail except four fields, each for a stated reason', () => {
    expect(differingFields(layout.remessaDetail!, golden[1], ours[1])).toEqual({
      // brcobranca's spec gives a 5-digit agência; a Bradesco agência has 4 digits + DV, written zero-padded to 5 (p. 17)
      agenciaEmpresa: ['12345', '01234'],
      // brcobranca writes its "documento" there; we write the seu número, which the retorno confirms (p. 17)
      usoEmpresa: ['6969'.padEnd(25), '1'.padEnd(25)],
      // brcobranca drops every symbol; normalizeCnabText keeps . , / @ (and cuts at 40)
      nomePagador: ['PABLO DIEGO JOSE FRANCISCO DE PAULA JUAN', normalizeCnabText(name).slice(0, 40)],
      // both compose the "endereço completo" from street, city and UF, cut differently
      enderecoPagador: ['RUA RIO GRANDE DO SU SANTA RITA DE CSP  ', 'RUA RIO GRANDE DO SU, SANTA RITA DE C/SP'],
    });
    // the positions brcobranca's spec asserts on the detail: multa 2 and 02,00%, nosso número 123 with DV "P", due date, value, payer's CPF
    const d = ours[1];
    expect([d[65], d.slice(66, 70), d.slice(70, 81), d[81], d.slice(120, 126), d.slice(126, 139), d.slice(220, 234)]).toEqual(['2', '0200', '00000000123', 'P', '140715', '0000000019990', '00012345678901']);
  });

  it('reads the golden file back with the values brcobranca wrote', async () => {
    const { read, warnings } = await readBack(fixture400('cnab400-remessa-237-bradesco-brcobranca-golden.rem'));
    expect(warnings).toEqual([]);
    expect(read).toHaveLength(1);
    expect(read[0]).toMatchObject({
      bank: '237',
      movement: '01',
      kind: 'entrada',
      ourNumber: '123',
      bankOurNumber: '00000000123P',
      documentNumber: '1',
      dueDate: '2015-07-14',
      amountCents: 19_990,
      issueDate: '2015-07-14',
      fine: { type: 'percent', percent: '2', date: '2015-07-15' },
      interest: null,
    });
    expect(read[0].payer).toMatchObject({ document: '12345678901', name: 'PABLO DIEGO JOSE FRANCISCO DE PAULA JUAN', cep: '12345678', district: '', city: '', uf: '' });
  });
});

describe('Bradesco 237 remessa written by us', () => {
  it('has 400-character records numbered 1..n; identificação da empresa, carteira and nosso número + DV as pp. 17-19', () => {
    const written = [...writeRemessa400Lines({ account: BRADESCO, fileNumber: 12, generatedAt: GENERATED_AT, entries: entries() })];
    for (const l of written) expect(l).toHaveLength(400);
    written.forEach((l, i) => expect(l.slice(394)).toBe(String(i + 1).padStart(6, '0')));
    expect(written.map((l) => l[0])).toEqual(['0', '1', '1', '1', '1', '1', '9']); // the multa is in the detail: no record of its own
    expect(written[0].slice(26, 46)).toBe('00000000000004540691');
    expect(written[0].slice(94, 117)).toBe('100325        MX0000012');
    const d = written[1];
    expect(d.slice(20, 37)).toBe('00090404200619000'); // zero, carteira 009, agência 04042, conta 0061900, DV 0
    // DV of carteira 09 + 00000000001: 0·2+9·7 + 1·2 = 65, rest 10 → 11 − 10 = 1
    expect([d.slice(70, 82), d[92], d[93], d.slice(108, 110), d.slice(147, 150)]).toEqual(['000000000011', '2', 'N', '01', '01N']);
    expect([d[65], d.slice(66, 70), d.slice(160, 173)]).toEqual(['2', '0200', '0000000000050']); // multa 2%, juros R$ 0,50/dia
    // street, bairro and city/UF do not fit 40: the bairro is left out
    expect(d.slice(274, 314)).toBe('RUA DAS FLORES 100 AP 12, SAO PAULO/SP'.padEnd(40));
    expect(written.slice(3, 6).map((l) => l.slice(108, 110))).toEqual(['02', '06', '20']); // baixa, alteração de vencimento, alteração de valor (p. 20)
  });

  it('writes the manual\'s nosso-número examples (carteira 19: 2 → 8, 1 → P, 6 → 0; pp. 18-19)', () => {
    const account = { ...BRADESCO, wallet: '19' };
    const nn = (ourNumber: number) => [...writeRemessa400Lines({ account, fileNumber: 1, generatedAt: GENERATED_AT, entries: [{ ...entries()[3], ourNumber }] })][1].slice(70, 82);
    expect([nn(2), nn(1), nn(6)]).toEqual(['000000000028', '00000000001P', '000000000060']);
  });

  it('reads back identically: kind, numbers, dates, amounts, payer (its one address line), multa and juros', async () => {
    const input = entries();
    const { read, warnings } = await readBack(writeRemessa400({ account: BRADESCO, fileNumber: 12, generatedAt: GENERATED_AT, entries: input }));
    expect(warnings).toEqual([]);
    expect(read).toHaveLength(input.length);
    read.forEach((r, i) => {
      const e = input[i];
      expect(r).toMatchObject({ kind: e.kind, ourNumber: String(e.ourNumber), documentNumber: e.documentNumber, dueDate: e.dueDate, amountCents: e.amountCents, issueDate: e.issueDate });
      if (e.kind === 'entrada') {
        const p = e.payer!;
        expect(r.payer).toEqual({ document: p.document, name: p.name, address: r.payer!.address, district: '', cep: p.cep, city: '', uf: '' });
        expect(r.payer!.address.endsWith(`${p.city}/${p.uf}`)).toBe(true);
        expect(r.fine).toEqual(e.fine);
        expect(r.interest).toEqual(e.interest);
      } else {
        expect(r.payer).toBeNull();
      }
    });
  });

  it('refuses what the layout cannot carry, naming the entry and the field', () => {
    const write = (entry: RemessaEntry, account = BRADESCO) => [...writeRemessa400Lines({ account, fileNumber: 1, generatedAt: GENERATED_AT, entries: [entry] })];
    const base = entries()[0];
    expect(() => write({ ...base, fine: { type: 'amount', cents: 300, date: '2025-04-11' } })).toThrow(/Título 1 .*multa só em percentual/);
    expect(() => write({ ...base, fine: { type: 'percent', percent: '2', date: '2025-04-15' } })).toThrow(/a partir do dia seguinte ao vencimento; a data 2025-04-15/);
    expect(() => write({ ...base, interest: { type: 'per_day', cents: 50, date: '2025-04-20' } })).toThrow(/juros a partir do dia seguinte/);
    const err = (() => {
      try {
        write(base, { ...BRADESCO, account: '61900' });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(CnabError);
    expect((err as CnabError).field).toBe('account.account');
    expect(() => write(base, { ...BRADESCO, beneficiaryCode: 'ABC' })).toThrow(/Código da empresa Bradesco/);
    expect(() => write(base, { ...BRADESCO, wallet: '109' })).toThrow(/Carteira Bradesco/);
  });
});

describe('Bradesco 237 money loop: our remessa → the bank\'s retorno in its layout → entrada and liquidação', () => {
  it('confirms the entradas and settles one with valor pago, tarifa and líquido apart and the origem do pagamento', async () => {
    const { read } = await readBack(writeRemessa400({ account: BRADESCO, fileNumber: 12, generatedAt: GENERATED_AT, entries: entries() }));
    const entradas = read.filter((e) => e.kind === 'entrada');
    const retorno = writeRetorno400({
      account: BRADESCO,
      fileNumber: 40,
      generatedAt: new Date('2025-04-12T12:00:00Z'),
      titles: [
        ...entradas.map((e) => ({ movement: '02', ourNumber: e.ourNumber, documentNumber: e.documentNumber, dueDate: e.dueDate!, amountCents: e.amountCents, occurrenceDate: '2025-03-11' })),
        // the first paid two days late through Internet: juros 2 × R$ 0,50 + multa 2% on R$ 150,00; fee R$ 1,60
        { movement: '06', ourNumber: entradas[0].ourNumber, documentNumber: entradas[0].documentNumber, dueDate: entradas[0].dueDate!, amountCents: 15_000, paidCents: 15_400, interestCents: 400, feeCents: 160, occurrenceDate: '2025-04-12', creditDate: '2025-04-14', channel: '014' },
      ],
    });
    const titles: RetornoTitle[] = [];
    const warnings: CnabWarning[] = [];
    for await (const t of readRetorno([retorno], { onWarning: (w) => warnings.push(w) })) titles.push(t);
    expect(warnings).toEqual([]);
    expect(titles.map((t) => [t.ourNumberSequence, t.category])).toEqual([
      ['1', 'entrada'],
      ['2', 'entrada'],
      ['1', 'liquidacao'],
    ]);
    expect(titles[0].ourNumber).toBe('000000000011');
    expect(titles[2]).toMatchObject({ bank: '237', movement: '06', amountCents: 15_000, paidCents: 15_400, feeCents: 160, netCents: 15_240, interestCents: 400, occurrenceDate: '2025-04-12', creditDate: '2025-04-14' });
    expect(titles[2].channel).toEqual({ code: '014', description: 'Internet' });
  });

  it('describes a rejected entrada\'s motivos in Portuguese with the raw codes', async () => {
    const bytes = writeRetorno400({ account: BRADESCO, fileNumber: 1, generatedAt: GENERATED_AT, titles: [{ movement: '03', ourNumber: 5, documentNumber: '1-1', dueDate: '2025-04-10', amountCents: 100, occurrenceDate: '2025-03-11', reasons: ['48', '46'] }] });
    const titles: RetornoTitle[] = [];
    for await (const t of readRetorno([bytes])) titles.push(t);
    expect(titles[0]).toMatchObject({ movement: '03', category: 'rejeicao', movementDescription: 'Entrada rejeitada', reasonsRaw: '4846' });
    expect(titles[0].reasons).toEqual([
      { code: '48', description: 'CEP inválido' },
      { code: '46', description: 'Tipo/número de inscrição do pagador inválidos' },
    ]);
  });
});
