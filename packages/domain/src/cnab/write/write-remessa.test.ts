import { describe, expect, it } from 'vitest';
import { buildBoleto } from '../../boleto/build-boleto.js';
import { CnabError } from '../cnab-error.js';
import type { CnabAccount, RemessaEntry, RemessaEntryRead } from '../cnab-types.js';
import { asAsync, BB, CAIXA, GENERATED_AT, readAllRemessa, sampleEntries } from '../test-helpers.js';
import { joinCnabLines, writeRemessa240, writeRemessa240Lines, writeRemessa240LinesAsync } from './write-remessa.js';

/** What reading back must give for an entry we wrote: the same fields, payer/fine only on entrada. */
function expectedReadBack(e: RemessaEntry): Partial<RemessaEntryRead> {
  return {
    kind: e.kind,
    ourNumber: String(e.ourNumber),
    documentNumber: e.documentNumber,
    dueDate: e.dueDate,
    amountCents: e.amountCents,
    issueDate: e.issueDate,
    payer: e.kind === 'entrada' ? (e.payer ?? null) : null,
    fine: e.kind === 'entrada' ? (e.fine ?? null) : null,
    interest: e.interest ?? null,
  };
}

describe.each([
  ['Caixa 104 SIGCB', CAIXA],
  ['Banco do Brasil 001', BB],
  ['Banco do Brasil 001, convênio de 6 dígitos', { ...BB, beneficiaryCode: '123456' }],
])('writeRemessa240 for %s', (_name, account) => {
  const entries = sampleEntries();
  const bytes = writeRemessa240({ account, fileNumber: 42, generatedAt: GENERATED_AT, entries });
  const lines = bytes.toString('latin1').split('\r\n');

  it('writes 240-character ASCII lines, each ended by CRLF', () => {
    expect(lines.pop()).toBe('');
    expect(lines.every((l) => l.length === 240 && /^[\x20-\x7e]+$/.test(l))).toBe(true);
    // header, lot header, 3 entradas × (P, Q, R) except the third without multa (P, Q), 3 × P, 2 trailers
    expect(lines.map((l) => (l[7] === '3' ? l[13] : l[7])).join('')).toBe('01PQRPQRPQPPP59');
  });

  it('reads back identically, entry by entry, with no warning', async () => {
    const { items, warnings, header } = await readAllRemessa(bytes);
    expect(warnings).toEqual([]);
    expect(items).toHaveLength(entries.length);
    items.forEach((read, i) => expect(read).toMatchObject(expectedReadBack(entries[i])));
    expect(header).toMatchObject({ bank: account.bank, kind: 'remessa', fileNumber: 42, generatedOn: '2025-03-10', generatedTime: '10:45:07', companyDocument: '11222333000181' });
  });

  it('writes the nosso número the boleto prints for the same account', async () => {
    const { items } = await readAllRemessa(bytes);
    for (const read of items) {
      const printed = buildBoleto({ ...account, bank: account.bank as '104' | '001', amountCents: read.amountCents, dueDate: read.dueDate, ourNumber: read.ourNumber });
      // the slip prints the same digits, with its DV after "-" (which BB also writes for 4/6-digit convênios)
      expect(printed.ourNumberFormatted.replace('-', '').startsWith(read.bankOurNumber)).toBe(true);
    }
  });

  it('counts records in the trailers', () => {
    const lotTrailer = lines[lines.length - 2];
    const fileTrailer = lines[lines.length - 1];
    expect(lotTrailer.slice(17, 23)).toBe(String(lines.length - 2).padStart(6, '0'));
    expect(fileTrailer.slice(17, 29)).toBe('000001' + String(lines.length).padStart(6, '0'));
  });

  it('streams the same lines from an async source of entries', async () => {
    const out: string[] = [];
    for await (const line of writeRemessa240LinesAsync({ account, fileNumber: 42, generatedAt: GENERATED_AT, entries: asAsync(entries) })) out.push(line);
    expect(out).toEqual(lines);
  });
});

describe('writeRemessa240, bank details', () => {
  it('Caixa: header and lot trailer carry beneficiário, versions, REMESSA-PRODUCAO and the title totals', () => {
    const lines = [...writeRemessa240Lines({ account: CAIXA, fileNumber: 7, generatedAt: GENERATED_AT, entries: sampleEntries() })];
    const [header, lot] = lines;
    expect(header.slice(52, 72)).toBe('01234' + '0' + '123456' + '00000000'); // agência, DV, beneficiário, zeros
    expect(header.slice(102, 132)).toBe('CAIXA ECONOMICA FEDERAL       ');
    expect(header.slice(163, 166)).toBe('050');
    expect(header.slice(191, 211)).toBe('REMESSA-PRODUCAO    ');
    expect(lot.slice(13, 16)).toBe('030');
    expect(header.slice(72, 102)).toBe('BOLETO GARANTIDO SERVICOS FINAN'.slice(0, 30)); // no accents, cut to 30
    const p = lines[2];
    expect(p.slice(23, 57)).toBe('123456' + '00000000000' + '14' + '000000000000001'); // beneficiário, zeros, modalidade, NN
    const total = 15_000 + 123_456 + 99 + 5_000 + 7_000 + 6_500;
    expect(lines[lines.length - 2].slice(23, 46)).toBe('000006' + String(total).padStart(17, '0'));
  });

  it('BB: convênio block, carteira 17 → código 7, DVs computed by mod 11', () => {
    const [header, , p] = [...writeRemessa240Lines({ account: BB, fileNumber: 1, generatedAt: GENERATED_AT, entries: sampleEntries(), testFile: true })];
    expect(header.slice(32, 52)).toBe('001234567' + '0014' + '17' + '019' + 'TS');
    expect(header.slice(52, 72)).toBe('01234' + '3' + '000000012345' + '5' + ' ');
    expect(p.slice(37, 58)).toBe('12345670000000001   ' + '7');
  });

  it('writes payer text uppercase, without accents or symbols banks reject', async () => {
    const [entry] = sampleEntries();
    const payer = { ...entry.payer!, name: 'José da Conceição Müller', address: 'Praça São João, nº 7 – 2º andar', city: 'São Paulo' };
    const { items } = await readAllRemessa(writeRemessa240({ account: CAIXA, fileNumber: 1, generatedAt: GENERATED_AT, entries: [{ ...entry, payer }] }));
    expect(items[0].payer).toMatchObject({ name: 'JOSE DA CONCEICAO MULLER', address: 'PRACA SAO JOAO, NO 7 2O ANDAR', city: 'SAO PAULO' });
  });

  it('opens a new lot before the 5-digit record counter overflows', async () => {
    const [entry] = sampleEntries();
    const many = Array.from({ length: 50_001 }, (_, i) => ({ ...entry, ourNumber: i + 1, fine: null })); // P + Q each
    const bytes = writeRemessa240({ account: CAIXA, fileNumber: 1, generatedAt: GENERATED_AT, entries: many });
    const lines = bytes.toString('latin1').split('\r\n');
    const lotHeaders = lines.filter((l) => l[7] === '1').map((l) => l.slice(3, 7));
    expect(lotHeaders).toEqual(['0001', '0002']);
    const { items, warnings } = await readAllRemessa(bytes);
    expect(warnings).toEqual([]);
    expect(items).toHaveLength(50_001);
    expect(items[50_000].ourNumber).toBe('50001');
  }, 30_000); // ~100 000 records written and read back: seconds on a loaded 2-CPU machine

  it('refuses bad input with a CnabError naming the entry and field', () => {
    const entries = sampleEntries();
    const write = (account: CnabAccount, list: RemessaEntry[]) => () => writeRemessa240({ account, fileNumber: 1, generatedAt: GENERATED_AT, entries: list });
    const bad = (patch: Partial<RemessaEntry>, at = 1) => entries.map((e, i) => (i === at ? { ...e, ...patch } : e));
    expect(write(CAIXA, bad({ dueDate: '2025-02-30' }))).toThrow(expect.objectContaining({ code: 'ENTRADA_INVALIDA', field: 'entries[1].vencimento' }));
    expect(write(CAIXA, bad({ payer: undefined }))).toThrow(expect.objectContaining({ field: 'entries[1].payer' }));
    expect(write(CAIXA, bad({ documentNumber: '123456789012' }))).toThrow(expect.objectContaining({ field: 'entries[1].documentNumber' }));
    expect(write(CAIXA, bad({ ourNumber: 'ABC' }))).toThrow(expect.objectContaining({ field: 'entries[1].ourNumber' }));
    expect(write(CAIXA, bad({ amountCents: 10.5 }))).toThrow(CnabError);
    expect(write({ ...CAIXA, beneficiaryCode: '1234567' }, entries)).toThrow(expect.objectContaining({ field: 'account.beneficiaryCode' }));
    expect(write({ ...CAIXA, bank: '341' }, entries)).toThrow(expect.objectContaining({ code: 'BANCO_NAO_SUPORTADO' }));
  });

  it('refuses a due date its fator cannot name (issue 23: 9999-12-31 made every remessa fail)', () => {
    const entries = sampleEntries();
    for (const dueDate of ['9999-12-31', '2049-10-14', '2000-07-02']) {
      const list = entries.map((e, i) => (i === 1 ? { ...e, dueDate } : e));
      expect(() => writeRemessa240({ account: CAIXA, fileNumber: 1, generatedAt: GENERATED_AT, entries: list })).toThrow(
        expect.objectContaining({ field: 'entries[1].dueDate', message: expect.stringContaining('fora do intervalo que o código de barras representa') }),
      );
    }
  });

  it('with onRejected, leaves a title out with its reason and writes a valid file of the others', async () => {
    const entries = sampleEntries();
    const list = entries.map((e, i) => (i === 1 ? { ...e, dueDate: '9999-12-31' } : i === 2 ? { ...e, payer: { ...e.payer!, cep: '' } } : e));
    const rejected: [string, string][] = [];
    const lines = [
      ...writeRemessa240Lines({ account: CAIXA, fileNumber: 1, generatedAt: GENERATED_AT, entries: list, onRejected: (e, err) => rejected.push([String(e.ourNumber), err.message]) }),
    ];
    expect(rejected).toEqual([
      [String(entries[1].ourNumber), 'Vencimento 31/12/9999 fora do intervalo que o código de barras representa (03/07/2000 a 13/10/2049).'],
      [String(entries[2].ourNumber), 'CEP do pagador inválido: "".'],
    ]);
    const { items, warnings } = await readAllRemessa(joinCnabLines(lines));
    expect(warnings).toEqual([]);
    expect(items.map((r) => r.ourNumber)).toEqual(entries.filter((_, i) => i !== 1 && i !== 2).map((e) => String(e.ourNumber)));
    const asyncLines: string[] = [];
    const rejectedAsync: string[] = [];
    for await (const l of writeRemessa240LinesAsync({ account: CAIXA, fileNumber: 1, generatedAt: GENERATED_AT, entries: asAsync(list), onRejected: (e) => rejectedAsync.push(String(e.ourNumber)) })) asyncLines.push(l);
    expect(asyncLines).toEqual(lines);
    expect(rejectedAsync).toEqual(rejected.map(([n]) => n));
  });
});
