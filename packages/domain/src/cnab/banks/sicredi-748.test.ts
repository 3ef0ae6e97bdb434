import { describe, expect, it } from 'vitest';
import type { CnabAccount, RemessaEntry, RetornoTitle } from '../cnab-types.js';
import { readRetorno } from '../read/read-retorno-any.js';
import { fixture, GENERATED_AT, readAllRemessa, sampleEntries } from '../test-helpers.js';
import { writeRemessa240, writeRemessa240Lines } from '../write/write-remessa.js';
import { writeRetorno240 } from '../write/write-retorno.js';
import { sicredi748 } from './sicredi-748.js';

/**
 * Sicredi 748 CNAB 240 (origins of the fixtures in packages/domain/test/fixtures/README.md; the
 * upstream retorno is asserted in read/read-retorno.fixtures.test.ts): brcobranca's golden remessa
 * against ours, our remessa read back, the money loop with the fee Sicredi states as pago − líquido.
 */
const SICREDI: CnabAccount = {
  bank: '748',
  agency: '0165.02',
  account: '00623-8',
  beneficiaryCode: '00623',
  wallet: '1',
  beneficiaryName: 'Boleto Garantido Serviços Financeiros Ltda',
  beneficiaryDocument: '11.222.333/0001-81',
};

/** Our sample entries numbered as a conta Sicredi numbers them: ano 25, byte 2, sequencial. */
function entries(): RemessaEntry[] {
  return sampleEntries().map((e) => ({ ...e, ourNumber: 25_200_000 + Number(e.ourNumber) }));
}

const range = (line: string, from: number, to: number) => line.slice(from - 1, to);

describe('Sicredi 748 golden remessa (brcobranca spec/fixtures/remessa/remessa-sicredi-cnab240.rem)', () => {
  const golden = fixture('cnab240-remessa-748-sicredi-brcobranca-golden.rem').toString('latin1').split('\n');

  it('reads back brcobranca\'s inputs (sicredi_spec.rb: agência 0165, conta 00623-8, nosso número 072000031)', async () => {
    const { items, header, warnings } = await readAllRemessa(fixture('cnab240-remessa-748-sicredi-brcobranca-golden.rem'));
    expect(warnings).toEqual([]);
    expect(header).toMatchObject({ bank: '748', kind: 'remessa', generatedOn: '2007-07-14', generatedTime: '16:15:15', agency: '00165', agencyDv: '', account: '000000000623', accountDv: '8', layoutVersion: '081' });
    expect(items[0]).toMatchObject({ kind: 'entrada', bankOurNumber: '072000031', ourNumber: '7200003', documentNumber: '000000000006969', amountCents: 5_000, dueDate: '2007-07-14' });
    expect(items[0].interest).toEqual({ type: 'per_day', cents: 0, date: '2007-07-15' }); // tipo_mora '1', the day after
  });

  it('is what our Sicredi profile writes for the same inputs, on every data field', () => {
    const account = { ...SICREDI, beneficiaryName: 'SOCIEDADE BRASILEIRA DE ZOOLOGIA LTDA', beneficiaryDocument: '74576177000177' };
    const entry: RemessaEntry = {
      kind: 'entrada', ourNumber: '07200003', documentNumber: '000000000006969', dueDate: '2007-07-14', issueDate: '2007-07-14', amountCents: 5_000,
      interest: { type: 'per_day', cents: 0, date: '2007-07-15' },
      payer: {
        document: '82136760505',
        name: 'PABLO DIEGO JOSÉ FRANCISCO DE PAULA JUAN NEPOMUCENO MARÍA DE LOS REMEDIOS CIPRIANO DE LA SANTÍSSIMA TRINIDAD RUIZ Y PICASSO',
        address: 'RUA RIO GRANDE DO SUL São paulo Minas caçapa da silva junior',
        district: 'São josé dos quatro apostolos magros', cep: '12345678', city: 'Santa rita de cássia maria da silva', uf: 'RJ',
      },
    };
    const ours = [...writeRemessa240Lines({ account, fileNumber: 0, generatedAt: new Date('2007-07-14T19:15:15Z'), entries: [entry] })];
    expect(ours[0]).toBe(golden[0]); // file header, byte for byte (densidade 01600)
    expect(ours[1]).toBe(golden[1]); // lot header, byte for byte
    // segment P: account, nosso número 072000031 (07/200003-1, the manual's example), espécie 03,
    // juros, baixa "1" in 060 days, moeda — every data field but two choices:
    for (const [from, to] of [[1, 141], [143, 195], [221, 240]]) expect(range(ours[2], from, to)).toBe(range(golden[2], from, to));
    // 142: brcobranca always writes desconto code "1" (no desconto value); ours "0", não conceder.
    // 196-220: uso da empresa, ours left-aligned.
    expect(ours[3]).toBe(golden[3]); // segment Q, byte for byte
    // brcobranca always writes an R (multa 0); ours only with a multa: the trailers count one record less
    expect(range(ours[4], 24, 240)).toBe(range(golden[5], 24, 240));
    expect(range(ours[5], 30, 240)).toBe(range(golden[6], 30, 240));
  });
});

describe('Sicredi 748 remessa written by us', () => {
  it('reads back identically: kind, numbers, dates, amounts, payer, multa and juros', async () => {
    const input = entries();
    const { items, warnings, header } = await readAllRemessa(writeRemessa240({ account: SICREDI, fileNumber: 4, generatedAt: GENERATED_AT, entries: input }));
    expect(warnings).toEqual([]);
    expect(header).toMatchObject({ bank: '748', agency: '00165', agencyDv: '', account: '000000000623', accountDv: '8', fileNumber: 4 });
    expect(items).toHaveLength(input.length);
    items.forEach((r, i) => {
      const e = input[i];
      expect(r).toMatchObject({ kind: e.kind, ourNumber: String(e.ourNumber), documentNumber: e.documentNumber, dueDate: e.dueDate, amountCents: e.amountCents, issueDate: e.issueDate });
      expect(r.payer).toEqual(e.kind === 'entrada' ? e.payer : null);
      if (e.kind === 'entrada') expect([r.fine, r.interest]).toEqual([e.fine ?? null, e.interest ?? null]);
    });
    expect(items[0].bankOurNumber).toMatch(/^25200001\d$/);
  });

  it('writes the manual\'s values: espécie 03, baixa 1 in 060 days, no agência DV, the código do beneficiário for a conta beneficiária', () => {
    const lines = [...writeRemessa240Lines({ account: { ...SICREDI, account: undefined }, fileNumber: 4, generatedAt: GENERATED_AT, entries: entries().slice(0, 1) })];
    expect([range(lines[0], 53, 72), range(lines[0], 167, 171)]).toEqual(['00165 000000000623  ', '01600']);
    const p = lines[2];
    expect([range(p, 107, 109), range(p, 224, 227), range(p, 58, 62)]).toEqual(['03N', '1060', '11122']);
  });

  it('refuses what it cannot number, in Portuguese: a sequence without its year and byte, an agência without posto', () => {
    expect(() => writeRemessa240({ account: SICREDI, fileNumber: 1, generatedAt: GENERATED_AT, entries: sampleEntries() })).toThrow(/byte de geração/);
    expect(() => writeRemessa240({ account: { ...SICREDI, agency: '0165' }, fileNumber: 1, generatedAt: GENERATED_AT, entries: entries() })).toThrow(/cooperativa e posto/);
  });
});

describe('Sicredi 748 money loop: our remessa → the bank\'s retorno in its layout → entrada and liquidação', () => {
  it('settles with valor pago, líquido and the tarifa derived as pago − líquido', async () => {
    const { items } = await readAllRemessa(writeRemessa240({ account: SICREDI, fileNumber: 4, generatedAt: GENERATED_AT, entries: entries() }));
    const entradas = items.filter((e) => e.kind === 'entrada');
    const retorno = writeRetorno240({
      account: SICREDI,
      fileNumber: 50,
      generatedAt: new Date('2025-04-12T12:00:00Z'),
      titles: [
        ...entradas.map((e) => ({ movement: '02', ourNumber: e.ourNumber, documentNumber: e.documentNumber, dueDate: e.dueDate!, amountCents: e.amountCents, occurrenceDate: '2025-03-11', reasons: ['A4'] })),
        // Sicredi states no tarifa in T for the payment: R$ 153,99 paid, R$ 151,89 credited
        { movement: '06', ourNumber: entradas[0].ourNumber, documentNumber: entradas[0].documentNumber, dueDate: entradas[0].dueDate!, amountCents: 15_000, paidCents: 15_399, netCents: 15_189, feeCents: 0, interestCents: 399, occurrenceDate: '2025-04-12', creditDate: '2025-04-14', reasons: ['03'] },
      ],
    });
    const titles: RetornoTitle[] = [];
    const warnings: unknown[] = [];
    for await (const t of readRetorno([retorno], { onWarning: (w) => warnings.push(w) })) titles.push(t);
    expect(warnings).toEqual([]);
    expect(titles.map((t) => [t.ourNumberSequence, t.category])).toEqual([['25200001', 'entrada'], ['25200002', 'entrada'], ['25200003', 'entrada'], ['25200001', 'liquidacao']]);
    expect(titles[0].reasons).toEqual([{ code: 'A4', description: 'Pagador DDA' }]);
    expect(titles[3]).toMatchObject({ bank: '748', movement: '06', amountCents: 15_000, paidCents: 15_399, netCents: 15_189, feeCents: 210, interestCents: 399, occurrenceDate: '2025-04-12', creditDate: '2025-04-14' });
    expect(titles[3].channel).toEqual({ code: '03', description: 'Liquidação no banco em dinheiro' });
  });

  it('describes Sicredi\'s own movements and motivos in Portuguese with the raw codes', async () => {
    const base = { ourNumber: 25_200_009, documentNumber: '9-9', dueDate: '2025-04-10' as const, amountCents: 100, occurrenceDate: '2025-03-11' as const };
    const bytes = writeRetorno240({
      account: SICREDI, fileNumber: 51, generatedAt: GENERATED_AT,
      titles: [
        { ...base, movement: '36', reasons: ['CZ'] },
        { ...base, movement: '27', reasons: ['01'] },
        { ...base, movement: '84', reasons: ['N2'] },
        { ...base, movement: '28', feeCents: 150, reasons: ['S4'] },
        { ...base, movement: '03', reasons: ['07', '48'] },
      ],
    });
    const titles: RetornoTitle[] = [];
    for await (const t of readRetorno([bytes])) titles.push(t);
    expect(titles.map((t) => [t.movement, t.category, t.movementDescription, t.reasons.map((r) => `${r.code} ${r.description}`).join('; ')])).toEqual([
      ['36', 'rejeicao', 'Baixa rejeitada', 'CZ Instrução inválida'],
      ['27', 'outro', 'Confirmação do pedido de alteração de outros dados', '01 Alteração de carteira'],
      ['84', 'outro', 'Exclusão de negativação por outros motivos', 'N2 Determinação judicial'],
      ['28', 'tarifa', 'Débito de tarifas/custas', 'S4 Tarifa de inclusão de negativação'],
      ['03', 'rejeicao', 'Entrada rejeitada', '07 Cooperativa de crédito/agência/conta/DV inválido; 48 CEP inválido'],
    ]);
    expect(titles[3].feeCents).toBe(150);
  });
});

it('is the profile cnabProfile gives for 748', async () => {
  const { cnabProfile } = await import('./cnab-profiles.js');
  expect(cnabProfile('748')).toBe(sicredi748);
});
