import { describe, expect, it } from 'vitest';
import { layoutsDeRemessa } from '../bancos-de-cobranca.js';
import type { CnabFileHeader, CnabWarning, RetornoTitle } from '../cnab-types.js';
import { CnabError } from '../cnab-error.js';
import { detectCnabLayout, readRetorno } from '../read/read-retorno-any.js';
import { formatRecord, type FieldValues } from '../record/format-record.js';
import { fixture400 } from '../test-helpers.js';
import { cnab400WriterProfile } from '../write/write-cnab400.js';
import { bancoDoBrasil001_400 } from './banco-do-brasil-001.js';

/**
 * Banco do Brasil 001 CNAB 400 retorno (CBR643, convênios of 7 digits). laravel-boleto's file is
 * checked against what its test asserts; the other file is built here from our own field tables
 * (the profile writes no retornos), one record per case the manual describes.
 */
async function readAll(bytes: Uint8Array) {
  const warnings: CnabWarning[] = [];
  let header: CnabFileHeader | null = null;
  const titles: RetornoTitle[] = [];
  for await (const t of readRetorno([bytes], { onWarning: (w) => warnings.push(w), onHeader: (h) => (header = h) })) titles.push(t);
  return { titles, warnings, header: header as CnabFileHeader | null };
}

describe("laravel-boleto's bb.ret (tests/Retorno/RetornoCnab400Test.php, testRetornoBbCnab400)", async () => {
  const bytes = fixture400('cnab400-retorno-001-bb-laravel-boleto.ret');
  const { titles, warnings, header } = await readAll(bytes);

  it('is a CNAB 400 retorno of bank 001 with its header, one detail (type 7) and trailer read', () => {
    expect(detectCnabLayout(bytes.subarray(0, 400).toString('latin1'))).toEqual({ layout: 400, bank: '001' });
    expect(warnings).toEqual([]);
    expect(header).toMatchObject({ bank: '001', kind: 'retorno', agency: '1111', agencyDv: '8', account: '99999999', accountDv: '4', beneficiaryCode: '1234567', generatedOn: '2016-10-20' });
    expect(titles).toHaveLength(1);
  });

  it('reads the detail as laravel-boleto does: its numeroDocumento, comando 02 and values', () => {
    expect(titles[0]).toMatchObject({
      bank: '001',
      line: 2,
      documentNumber: '1', // numeroDocumento (117-126)
      ourNumber: '12345670000000001', // 64-80: convênio 1234567 + sequence
      ourNumberSequence: '1',
      movement: '02', // ocorrência 02 → OCORRENCIA_ENTRADA
      movementDescription: 'Confirmação de entrada de título',
      category: 'entrada',
      occurrenceDate: '2016-10-20',
      dueDate: '2016-10-20',
      amountCents: 10_000, // valor 100.00
      paidCents: 10_000, // valorRecebido 100.00
      feeCents: 0,
      netCents: 10_000,
      creditDate: null,
      reasons: [],
      channel: null,
      pix: null,
    });
  });
});

/** One record of a BB retorno from our own tables, numbered at 395-400. */
function record(layout: 'header' | 'detail' | 'trailer', sequence: number, values: FieldValues): string {
  const l = bancoDoBrasil001_400.layout;
  const table = layout === 'header' ? l.retornoHeader : layout === 'detail' ? l.retornoDetail : l.retornoTrailer;
  return formatRecord(table, values, { numeroSequencialRegistro: sequence });
}

const HEADER = { codigoRemessaRetorno: '2', literalRetorno: 'RETORNO', codigoServico: '01', literalServico: 'COBRANCA', agencia: '3456', agenciaDv: '7', conta: '00012345', contaDv: '9', nomeEmpresa: 'BOLETO GARANTIDO', codigoBanco: '001', nomeBanco: 'BANCODOBRASIL', dataGeracao: '2026-11-27', numeroSequencialArquivo: 42, codigoEmpresa: '2345678' };
const TITLE = { agencia: '3456', agenciaDv: '7', conta: '00012345', contaDv: '9', convenio: '2345678', carteira: '17', variacaoCarteira: '019', especie: '01' };

describe('a BB CNAB 400 retorno built from the field tables: liquidação, recusa, baixa and the records we do not read', async () => {
  const lines = [
    record('header', 1, HEADER),
    // liquidação normal paid at the internet with juros: recebido 152.40 = 150.00 + 2.40, tarifa 1.35
    record('detail', 2, { ...TITLE, usoEmpresa: 'BG-77', nossoNumero: '23456780000000077', motivos: '01', codigoOcorrencia: 6, dataOcorrencia: '2026-11-25', numeroDocumento: 'BG77', vencimento: '2026-11-20', valorTitulo: 15_000, bancoCobrador: 1, agenciaCobradora: 3456, agenciaCobradoraDv: '7', dataCredito: '2026-11-26', valorTarifa: 135, valorPago: 15_240, jurosMulta: 240, valorLancamento: 15_105, indicativoDebitoCredito: '2', canal: '02' }),
    // BB's optional type 5 record, e-mail (tipo de serviço 01, p. 12; its 6-142 are 137 positions though the manual prints X(135)): not a record we read
    '501' + '00' + 'pagador@example.com'.padEnd(137) + ' '.repeat(252) + '000003',
    // comando 03, recusado: 33, nosso número já existente
    record('detail', 4, { ...TITLE, nossoNumero: '23456780000000078', motivos: '33', codigoOcorrencia: 3, dataOcorrencia: '2026-11-25', vencimento: '2026-12-20', valorTitulo: 9_990 }),
    // comando 09, baixa de título: 90, baixa automática
    record('detail', 5, { ...TITLE, nossoNumero: '23456780000000079', motivos: '90', codigoOcorrencia: 9, dataOcorrencia: '2026-11-25', vencimento: '2026-10-20', valorTitulo: 5_000 }),
    // a detail of type 1 (convênio of 6 digits, another manual): kept as an unread line
    '1' + '0'.repeat(393) + '000006',
    record('trailer', 7, { codigoRetorno: '2', codigoServico: '01', codigoBanco: '001' }),
  ];
  const { titles, warnings, header } = await readAll(Buffer.from(lines.join('\r\n') + '\r\n', 'latin1'));

  it('reads the header, three titles and keeps the type 5 and type 1 lines as "linha não reconhecida"', () => {
    expect(header).toMatchObject({ bank: '001', beneficiaryCode: '2345678', fileNumber: 42, generatedOn: '2026-11-27' });
    expect(titles.map((t) => [t.line, t.movement, t.category])).toEqual([
      [2, '06', 'liquidacao'],
      [4, '03', 'rejeicao'],
      [5, '09', 'baixa'],
    ]);
    expect(warnings.map((w) => [w.code, w.line])).toEqual([
      ['LINHA_NAO_RECONHECIDA', 3],
      ['LINHA_NAO_RECONHECIDA', 6],
    ]);
    expect(warnings[0].message).toContain('registro tipo "5"');
  });

  it('keeps valor pago, tarifa and líquido apart, with the channel and the natureza do recebimento', () => {
    expect(titles[0]).toMatchObject({
      ourNumber: '23456780000000077',
      ourNumberSequence: '77',
      companyReference: 'BG-77',
      documentNumber: 'BG77',
      amountCents: 15_000,
      paidCents: 15_240,
      interestCents: 240,
      feeCents: 135,
      netCents: 15_105, // recebido − tarifa
      creditDate: '2026-11-26',
      occurrenceDate: '2026-11-25',
      collectingBank: '001',
      collectingAgency: '3456',
      reasons: [{ code: '01', description: 'Liquidação normal' }],
      channel: { code: '02', description: 'Internet' },
      pix: null,
    });
  });

  it('describes the recusa and the baixa in Portuguese', () => {
    expect(titles[1].reasons).toEqual([{ code: '33', description: 'Nosso número já existente' }]);
    expect(titles[1].movementDescription).toBe('Comando recusado');
    expect(titles[2].reasons).toEqual([{ code: '90', description: 'Baixa automática' }]);
    expect(titles[2].paidCents).toBe(0);
  });
});

describe('BB CNAB 400 is read only', () => {
  it('writing a BB remessa in CNAB 400 is refused, and the conta offers BB CNAB 240 only', () => {
    expect(() => cnab400WriterProfile('001')).toThrow(CnabError);
    expect(() => cnab400WriterProfile('001')).toThrow(/banco "001" \(suportados: (?!.*001)/);
    expect(layoutsDeRemessa('001')).toEqual([240]);
  });
});
