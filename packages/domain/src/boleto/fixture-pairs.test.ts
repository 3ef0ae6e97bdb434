import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { addDays } from '../dates/calendar.js';
import { parseBarcode, barcodeGeneralDv } from './barcode.js';
import { BANK_PROFILES, isBankCode } from './bank-profiles.js';
import { BoletoError } from './boleto-error.js';
import { buildBoleto } from './build-boleto.js';
import { barcodeFromDigitableLine, digitableLineFromBarcode } from './digitable-line.js';
import { dueDateToFactor } from './fator-vencimento.js';
import { parseDigitableLine } from './parse-digitable-line.js';

/** Foreign examples (Banco do Brasil 001, Caixa 104); origins in packages/domain/test/fixtures/README.md. */
const FIXTURE = fileURLToPath(new URL('../../test/fixtures/boleto/pairs-104-001.csv', import.meta.url));

interface Row {
  source: string;
  line: string;
  bank: string;
  valor: string;
  vencimento: string;
  nosso_numero_formatado: string;
  codigo_barras: string;
  linha_digitavel: string;
}

/** Minimal RFC 4180 reader: quoted fields may hold commas; the file has CRLF line ends. */
function parseCsv(text: string): Row[] {
  const records = text.split(/\r?\n/).filter((l) => l.trim() !== '').map((line) => {
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i];
      if (quoted && ch === '"' && line[i + 1] === '"') { cell += '"'; i++; }
      else if (ch === '"') quoted = !quoted;
      else if (ch === ',' && !quoted) { cells.push(cell); cell = ''; }
      else cell += ch;
    }
    cells.push(cell);
    return cells;
  });
  const [header, ...body] = records;
  return body.map((cells) => {
    if (cells.length !== header.length) throw new Error(`linha do CSV com ${cells.length} colunas: ${cells.join(',')}`);
    return Object.fromEntries(header.map((h, i) => [h, cells[i]])) as Record<keyof Row, string>;
  });
}

/** "1026.56" / "400" → centavos, by text so no float rounding can make a test pass or fail. */
function reaisToCents(valor: string): number {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(valor);
  if (!m) throw new Error(`valor inesperado no fixture: ${valor}`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

const rows = parseCsv(readFileSync(FIXTURE, 'utf8'));
const label = (r: Row) => `${r.bank} ${r.vencimento} ${r.valor} (${r.source.split(':').pop()}:${r.line})`;

describe('fixture pairs-104-001.csv', () => {
  it('is read whole (a missing or truncated file must fail, not pass with zero rows)', () => {
    expect(rows).toHaveLength(18);
    expect(rows.filter((r) => r.bank === '104')).toHaveLength(6);
  });

  describe.each(rows)('$bank $vencimento $valor', (row) => {
    it('has a barcode whose general DV recomputes', () => {
      expect(barcodeGeneralDv(row.codigo_barras), label(row)).toBe(Number(row.codigo_barras[4]));
      expect(parseBarcode(row.codigo_barras).bank).toBe(row.bank);
    });

    it('turns barcode → linha exactly as printed, and back', () => {
      expect(digitableLineFromBarcode(row.codigo_barras)).toBe(row.linha_digitavel);
      expect(barcodeFromDigitableLine(row.linha_digitavel)).toBe(row.codigo_barras);
      expect(barcodeFromDigitableLine(row.linha_digitavel.replace(/\D/g, ''))).toBe(row.codigo_barras);
    });

    it('parses valor and vencimento', () => {
      // Reference = a month before the due date, as when the slip is read on issue; any day
      // within the FEBRABAN window would do (see fator-vencimento.test.ts for the edges).
      const parsed = parseDigitableLine(row.linha_digitavel, addDays(row.vencimento, -30));
      expect(parsed).toEqual({
        bank: row.bank,
        amountCents: reaisToCents(row.valor),
        dueDate: row.vencimento,
        barcode: row.codigo_barras,
      });
      expect(dueDateToFactor(row.vencimento)).toBe(Number(row.codigo_barras.slice(5, 9)));
    });
  });

  it('reads a 2016 fator in the second cycle when the reference is after the 2025 reset', () => {
    const row = rows.find((r) => r.vencimento === '2016-09-15')!;
    // fator 6918 read in 2040 names 2016-09-15 + 9000 days, not 2016.
    expect(parseDigitableLine(row.linha_digitavel, '2040-01-01').dueDate).toBe(addDays('2016-09-15', 9000));
  });
});

/**
 * Rebuilding with buildBoleto. The CSV has no agência, código do beneficiário or convênio
 * column, so what feeds buildBoleto differs by source:
 * - Caixa rows (BoletoNetCore BancoCaixaCarteiraSig14Tests.cs): the CSV gives the printed nosso
 *   número; the source test configures beneficiário 123456-0 / agência 1234 for every case, which
 *   barcode positions 20-26 ("1234560") confirm. These are independent inputs: full rebuild.
 * - Banco do Brasil rows: the CSV gives no nosso número (empty column), so the convênio, sequence,
 *   carteira (and for the 11-digit layout agência/conta) are read back from the barcode's campo
 *   livre and rebuilt. This checks the layout positions, padding and DVs, not an independent
 *   source; the independent BB checks are in build-boleto.test.ts.
 * - Three BoletoNet BB rows have an all-zero campo livre (their source cases pass an empty nosso
 *   número and BoletoNet then omits the convênio). Convênio 0000000 is not a real BB layout, so
 *   buildBoleto refuses it; those rows are only checked by the linha/barcode round trip above.
 *   One of them carries "123456/2018-A" in nosso_numero_formatado: in the source that value is the
 *   "número do documento"; the source's nosso número formatado is "00000000000000000".
 */
describe('fixture rows rebuilt with buildBoleto', () => {
  const caixaRows = rows.filter((r) => r.bank === '104');
  it.each(caixaRows)('Caixa $vencimento $valor from nosso número $nosso_numero_formatado', (row) => {
    const m = /^([12])4(\d{15})-(\d)$/.exec(row.nosso_numero_formatado);
    expect(m, row.nosso_numero_formatado).not.toBeNull();
    const built = buildBoleto({
      bank: '104',
      agency: '1234',
      beneficiaryCode: '123456',
      wallet: m![1] === '1' ? 'RG' : 'SR',
      ourNumber: m![2],
      amountCents: reaisToCents(row.valor),
      dueDate: row.vencimento,
    });
    expect(built).toEqual({
      barcode: row.codigo_barras,
      digitableLine: row.linha_digitavel,
      ourNumberFormatted: row.nosso_numero_formatado,
    });
  });

  const bbRows = rows.filter((r) => r.bank === '001');
  it.each(bbRows)('Banco do Brasil $vencimento $valor from its own campo livre', (row) => {
    const fields = BANK_PROFILES['001'].decodeCampoLivre(row.codigo_barras.slice(19));
    const common = { bank: '001' as const, amountCents: reaisToCents(row.valor), dueDate: row.vencimento, wallet: fields.wallet };
    if (fields.layout === 'convenio7' && /^0+$/.test(fields.convenio)) {
      expect(() => buildBoleto({ ...common, beneficiaryCode: fields.convenio, ourNumber: fields.sequence })).toThrow(BoletoError);
      return;
    }
    const input =
      fields.layout === 'convenio7'
        ? { ...common, beneficiaryCode: fields.convenio, ourNumber: fields.sequence }
        : // 11-digit layout: a 4- and a 6-digit convênio give the same digits; 6 is assumed.
          { ...common, beneficiaryCode: fields.ourNumber.slice(0, 6), ourNumber: fields.ourNumber.slice(6), agency: fields.agency, account: fields.account };
    const built = buildBoleto(input);
    expect(built.barcode).toBe(row.codigo_barras);
    expect(built.digitableLine).toBe(row.linha_digitavel);
    expect(built.ourNumberFormatted).toBe(fields.layout === 'convenio7' ? fields.ourNumber : fields.ourNumberFormatted);
  });

  it('knows every bank in the fixture', () => {
    expect(rows.every((r) => isBankCode(r.bank))).toBe(true);
  });
});
