import { describe, expect, it } from 'vitest';
import { percentOf } from '../../money/cents.js';
import { BB, CAIXA, GENERATED_AT, readAllRemessa, readAllRetorno, sampleEntries } from '../test-helpers.js';
import type { RetornoTitleInput } from './write-retorno.js';
import { writeRetorno240 } from './write-retorno.js';
import { writeRemessa240 } from './write-remessa.js';

/**
 * The bank's answer to our own remessa, as the e2e test and the benchmark will simulate it:
 * every entrada confirmed (02), the first one then paid late (06, with juros), the baixa
 * confirmed (09). Read back, each title must point at the boleto that was sent.
 */
describe.each([
  ['Caixa 104', CAIXA],
  ['Banco do Brasil 001', BB],
])('writeRetorno240 answering our %s remessa', (_name, account) => {
  it('reads back as titles matching the remessa entries', async () => {
    const remessa = await readAllRemessa(writeRemessa240({ account, fileNumber: 10, generatedAt: GENERATED_AT, entries: sampleEntries() }));
    const sent = remessa.items;
    const confirmations: RetornoTitleInput[] = sent
      .filter((e) => e.kind === 'entrada')
      .map((e) => ({ movement: '02', ourNumber: e.ourNumber, documentNumber: e.documentNumber, dueDate: e.dueDate!, amountCents: e.amountCents, occurrenceDate: '2025-03-11', feeCents: 150 }));
    const late = sent[0];
    const juros = percentOf(late.amountCents, '0.33') * 3;
    const payment: RetornoTitleInput = {
      movement: '06', ourNumber: late.ourNumber, documentNumber: late.documentNumber, dueDate: late.dueDate!, amountCents: late.amountCents,
      paidCents: late.amountCents + juros, interestCents: juros, feeCents: 250, occurrenceDate: '2025-04-13', creditDate: '2025-04-14', reasons: ['03', '01'],
    };
    const baixa = sent.find((e) => e.kind === 'baixa')!;
    const writeOff: RetornoTitleInput = { movement: '09', ourNumber: baixa.ourNumber, documentNumber: baixa.documentNumber, dueDate: baixa.dueDate!, amountCents: baixa.amountCents, occurrenceDate: '2025-03-11', reasons: ['10'] };

    const bytes = writeRetorno240({ account, fileNumber: 77, generatedAt: GENERATED_AT, titles: [...confirmations, payment, writeOff] });
    const { items, warnings, header } = await readAllRetorno(bytes);
    expect(warnings).toEqual([]);
    expect(header).toMatchObject({ bank: account.bank, kind: 'retorno', fileNumber: 77 });
    expect(items.map((t) => [t.movement, t.category, t.ourNumberSequence, t.documentNumber, t.companyReference])).toEqual([
      ['02', 'entrada', '1', '101-5', '101-5'],
      ['02', 'entrada', '2', '102-3', '102-3'],
      ['02', 'entrada', '3', '103-1', '103-1'],
      ['06', 'liquidacao', '1', '101-5', '101-5'],
      ['09', 'baixa', '4', '90-2', '90-2'],
    ]);
    items.forEach((t) => expect(t.ourNumber).toBe(sent.find((e) => e.ourNumber === t.ourNumberSequence)!.bankOurNumber));
    expect(items[0]).toMatchObject({ amountCents: 15_000, feeCents: 150, paidCents: 0, occurrenceDate: '2025-03-11', creditDate: null, movementDescription: 'Entrada confirmada' });
    expect(items[3]).toMatchObject({
      amountCents: 15_000, paidCents: 15_000 + juros, interestCents: juros, feeCents: 250, netCents: 15_000 + juros - 250,
      dueDate: '2025-04-10', occurrenceDate: '2025-04-13', creditDate: '2025-04-14',
    });
    const channel = account.bank === '104' ? 'Agência CAIXA' : 'Liquidação no guichê de caixa em dinheiro';
    expect(items[3].reasons[0]).toEqual({ code: '03', description: channel });
    expect(items[4].reasons[0].code).toBe('10');
  });
});

describe('writeRetorno240 input checks', () => {
  it('names the title and field of a bad value', () => {
    const title: RetornoTitleInput = { movement: '6', ourNumber: 1, documentNumber: '1', dueDate: '2025-01-01', amountCents: 100, occurrenceDate: '2025-01-02' };
    expect(() => writeRetorno240({ account: CAIXA, fileNumber: 1, generatedAt: GENERATED_AT, titles: [title] })).toThrow(
      expect.objectContaining({ code: 'ENTRADA_INVALIDA', field: 'titles[0].movement' }),
    );
  });
});
