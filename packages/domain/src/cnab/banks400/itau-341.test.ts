import { describe, expect, it } from 'vitest';
import { buildPixBrCode } from '../../pix/br-code.js';
import type { CnabAccount, CnabWarning, RemessaEntry, RemessaEntryRead, RetornoTitle } from '../cnab-types.js';
import { CnabError } from '../cnab-error.js';
import { readRemessa400 } from '../read/read-remessa-400.js';
import { readRetorno } from '../read/read-retorno-any.js';
import { GENERATED_AT, sampleEntries } from '../test-helpers.js';
import { boletoChargeInstructions } from '../write/charge-instructions.js';
import { writeRemessa400, writeRemessa400Lines, writeRetorno400, writeRetorno400Lines } from '../write/write-cnab400.js';
import { joinCnabLines } from '../write/write-remessa.js';

const ITAU: CnabAccount = {
  bank: '341',
  agency: '0810',
  account: '53678',
  beneficiaryCode: '53678',
  wallet: '109',
  beneficiaryName: 'Boleto Garantido Serviços Financeiros Ltda',
  beneficiaryDocument: '11.222.333/0001-81',
};

/** Our sample entries in what CNAB 400 carries (juros per day; a monthly rate is refused). */
function entries(): RemessaEntry[] {
  return sampleEntries().filter((e) => e.interest?.type !== 'monthly_percent');
}

async function readBack(bytes: Buffer) {
  const warnings: CnabWarning[] = [];
  const read: RemessaEntryRead[] = [];
  for await (const e of readRemessa400([bytes], { onWarning: (w) => warnings.push(w) })) read.push(e);
  return { read, warnings };
}

describe('Itaú 341 CNAB 400 remessa written by us', () => {
  it('has 400-character records numbered 1..n, header and trailer as the manual (pp. 7-8, 12)', () => {
    const lines = [...writeRemessa400Lines({ account: ITAU, fileNumber: 7, generatedAt: GENERATED_AT, entries: entries() })];
    for (const l of lines) expect(l).toHaveLength(400);
    lines.forEach((l, i) => expect(l.slice(394)).toBe(String(i + 1).padStart(6, '0')));
    expect(lines[0].slice(0, 26)).toBe('01REMESSA01COBRANCA       ');
    expect(lines[0].slice(26, 38)).toBe('081000536789'); // agência, zeros, conta, DAC mod 10 of 081053678
    expect(lines[0].slice(76, 100)).toBe('341BANCO ITAU SA  100325');
    expect(lines.at(-1)?.[0]).toBe('9');
    // entrada: carteira 109, código I, ocorrência 01, nosso número 00000001, espécie 01, aceite N
    const d = lines[1];
    expect([d.slice(62, 70), d.slice(83, 86), d[107], d.slice(108, 110), d.slice(147, 150)]).toEqual(['00000001', '109', 'I', '01', '01N']);
    expect(lines[2].slice(0, 23)).toBe('22110420250000000000200'); // multa: 2 = percentual, from 11/04/2025, 2,00% (p. 9, nota 35)
  });

  it('reads back identically: kind, numbers, dates, amounts, payer, multa and juros', async () => {
    const input = entries();
    const { read, warnings } = await readBack(writeRemessa400({ account: ITAU, fileNumber: 7, generatedAt: GENERATED_AT, entries: input }));
    expect(warnings).toEqual([]);
    expect(read).toHaveLength(input.length);
    read.forEach((r, i) => {
      const e = input[i];
      expect(r).toMatchObject({ kind: e.kind, ourNumber: String(e.ourNumber), documentNumber: e.documentNumber, dueDate: e.dueDate, amountCents: e.amountCents, issueDate: e.issueDate });
      if (e.kind === 'entrada') {
        // text fields are cut to their positions as the manual asks (bairro 12)
        expect(r.payer).toEqual({ ...e.payer, district: e.payer!.district.slice(0, 12) });
        expect(r.fine).toEqual(e.fine);
        expect(r.interest).toEqual(e.interest);
      } else {
        expect(r.payer).toBeNull();
      }
    });
  });

  it('refuses a bad entry naming it, or leaves it out with onRejected', () => {
    const bad: RemessaEntry = { ...entries()[0], payer: { ...entries()[0].payer!, cep: '123' } };
    expect(() => [...writeRemessa400Lines({ account: ITAU, fileNumber: 1, generatedAt: GENERATED_AT, entries: [bad] })]).toThrow(/Título 1 .*CEP do pagador/);
    const rejected: string[] = [];
    const lines = [...writeRemessa400Lines({ account: ITAU, fileNumber: 1, generatedAt: GENERATED_AT, entries: [bad, entries()[3]] }, (_e, err) => rejected.push(err.message))];
    expect(rejected).toHaveLength(1);
    expect(lines.map((l) => l[0])).toEqual(['0', '1', '9']);
    expect(lines[1].slice(394)).toBe('000002');
    expect(() => [...writeRemessa400Lines({ account: { ...ITAU, wallet: '19' }, fileNumber: 1, generatedAt: GENERATED_AT, entries: entries() })]).toThrow(CnabError);
  });
});

describe('Itaú 341 money loop: our remessa → the bank\'s retorno in its layout → entrada and liquidação', () => {
  it('confirms the entradas and settles one with valor pago, tarifa and líquido apart', async () => {
    const { read } = await readBack(writeRemessa400({ account: ITAU, fileNumber: 7, generatedAt: GENERATED_AT, entries: entries() }));
    const entradas = read.filter((e) => e.kind === 'entrada');
    const retorno = writeRetorno400({
      account: ITAU,
      fileNumber: 31,
      generatedAt: new Date('2025-04-12T12:00:00Z'),
      titles: [
        ...entradas.map((e) => ({ movement: '02', ourNumber: e.ourNumber, documentNumber: e.documentNumber, dueDate: e.dueDate!, amountCents: e.amountCents, occurrenceDate: '2025-03-11' })),
        // the first paid two days late: juros 2 × 0,33% + multa 2% on R$ 150,00; fee R$ 2,10
        { movement: '06', ourNumber: entradas[0].ourNumber, documentNumber: entradas[0].documentNumber, dueDate: entradas[0].dueDate!, amountCents: 15_000, paidCents: 15_399, interestCents: 399, feeCents: 210, occurrenceDate: '2025-04-12', creditDate: '2025-04-14', channel: 'B1' },
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
    const paid = titles[2];
    expect(paid).toMatchObject({ bank: '341', movement: '06', amountCents: 15_000, paidCents: 15_399, feeCents: 210, netCents: 15_189, interestCents: 399, occurrenceDate: '2025-04-12', creditDate: '2025-04-14' });
    expect(paid.channel).toEqual({ code: 'B1', description: 'Outros bancos – pelo código de barras' });
  });

  it('describes a rejected entrada\'s motivos in Portuguese with the raw codes', async () => {
    const bytes = writeRetorno400({ account: ITAU, fileNumber: 1, generatedAt: GENERATED_AT, titles: [{ movement: '03', ourNumber: 5, documentNumber: '1-1', dueDate: '2025-04-10', amountCents: 100, occurrenceDate: '2025-03-11', reasons: ['11', '37'] }] });
    const titles: RetornoTitle[] = [];
    for await (const t of readRetorno([bytes])) titles.push(t);
    expect(titles[0]).toMatchObject({ movement: '03', category: 'rejeicao', movementDescription: 'Entrada rejeitada', reasonsRaw: '1137' });
    expect(titles[0].reasons).toEqual([
      { code: '11', description: 'CEP não numérico ou CEP inválido' },
      { code: '37', description: 'CNPJ/CPF do pagador não numérico ou igual a zeros' },
    ]);
  });
});

describe('CNAB 400 reader tolerance', () => {
  const base = [...writeRetorno400Lines({ account: ITAU, fileNumber: 1, generatedAt: GENERATED_AT, titles: [{ movement: '02', ourNumber: 9, documentNumber: '9-9', dueDate: '2025-04-10', amountCents: 100, occurrenceDate: '2025-03-11' }] })];
  const numbered = (l: string, n: number) => l.slice(0, 394) + String(n).padStart(6, '0');

  it('reads a Pix record (type 3) into its title: BR Code, txid; an unknown record is kept as "linha não reconhecida"', async () => {
    const brCode = buildPixBrCode({ key: '11222333000181', name: 'Boleto Garantido', city: 'Sao Paulo', amountCents: 100, txid: 'BG0000000009' });
    const pix = numbered(('3' + brCode).padEnd(391, ' ') + '000', 3);
    const unknown = numbered('7' + 'MENSAGEM DO BANCO'.padEnd(393, ' '), 4);
    const lines = [base[0], base[1], pix, unknown, numbered(base[2], 5)];
    const warnings: CnabWarning[] = [];
    const titles: RetornoTitle[] = [];
    for await (const t of readRetorno([joinCnabLines(lines)], { onWarning: (w) => warnings.push(w), strict: true })) titles.push(t);
    expect(titles).toHaveLength(1);
    expect(titles[0].pix).toEqual({ qrCode: brCode, txid: 'BG0000000009', errorCode: '', line: 3 });
    expect(warnings).toEqual([{ code: 'LINHA_NAO_RECONHECIDA', line: 4, message: 'Linha 4: linha não reconhecida (registro tipo "7"), mantida sem efeito: 7MENSAGEM DO BANCO' }]);
  });

  it('skips a malformed detail with its line and goes on; counts that disagree are warnings', async () => {
    const broken = base[1].slice(0, 152) + 'ABCDEFGHIJKLM' + base[1].slice(165);
    const lines = [base[0], broken, numbered(base[1], 3), numbered(base[2], 4)];
    const warnings: CnabWarning[] = [];
    const titles: RetornoTitle[] = [];
    for await (const t of readRetorno([joinCnabLines(lines)], { onWarning: (w) => warnings.push(w) })) titles.push(t);
    expect(titles).toHaveLength(1);
    expect(warnings.map((w) => [w.code, w.line])).toEqual([
      ['LINHA_INVALIDA', 2],
      ['CONTAGEM_DIVERGENTE', 4],
    ]);
    expect(warnings[0].message).toMatch(/^Linha 2: o campo .*posições 153 a 165/);
  });

  it('reads a retorno of a bank without a CNAB 400 profile as no titles, with the reason', async () => {
    const other = base.map((l, i) => (i === 0 ? l.slice(0, 76) + '999' + l.slice(79) : l));
    const warnings: CnabWarning[] = [];
    const titles: RetornoTitle[] = [];
    for await (const t of readRetorno([joinCnabLines(other)], { onWarning: (w) => warnings.push(w) })) titles.push(t);
    expect(titles).toEqual([]);
    expect(warnings[0].message).toMatch(/banco "999" não tem leiaute CNAB 400/);
  });

  it('still reads CNAB 240 files through readRetorno', async () => {
    const { fixture } = await import('../test-helpers.js');
    const titles: RetornoTitle[] = [];
    for await (const t of readRetorno([fixture('cnab240-retorno-104-caixa-cnabphp.ret')])) titles.push(t);
    expect(titles).toHaveLength(9);
    expect(titles[0]).toMatchObject({ bank: '104', movement: '06', paidCents: 8000, feeCents: 125 });
  });
});

it('boletoChargeInstructions give what the Itaú remessa carries', () => {
  expect(boletoChargeInstructions(15_000, '2025-04-10')).toEqual({ fine: { type: 'percent', percent: '2', date: '2025-04-11' }, interest: { type: 'per_day', cents: 50, date: '2025-04-11' } });
});
