import type { CnabBankProfile400 } from '../banks400/cnab400-bank-profile.js';
import { cnab400Profile } from '../banks400/cnab400-profiles.js';
import type { CnabFileHeader, CnabReadOptions } from '../cnab-types.js';
import type { ExtraRecord400 } from '../layout400/layout-400.js';
import { RECORD_WIDTH_400, SEQUENCE_START_400 } from '../layout400/layout-400.js';
import { FieldFormatError, readDate6, readDigits, readText, readUnits } from '../record/read-field.js';
import type { RecordLayout } from '../record/record-layout.js';
import { fitRecord, WarningReporter } from './warning-reporter.js';

export interface ReadContext400 {
  profile: CnabBankProfile400;
  header: CnabFileHeader | null;
  report: WarningReporter;
}

/** What a CNAB 400 reader does with the records after the header; each call returns at most one item. */
export interface DetailHandler400<T> {
  /** The detail record (type 1; Banco do Brasil 7). */
  detail(line: string, lineNumber: number, ctx: ReadContext400): T | null;
  /** A record the layout lists as following a detail (Pix, multa…). */
  extra(record: ExtraRecord400, line: string, lineNumber: number, ctx: ReadContext400): T | null;
  /** The trailer or the end of the file: hand over what is pending. */
  flush(ctx: ReadContext400): T | null;
}

const opt = (layout: RecordLayout, line: string, name: string) => (layout.has(name) ? readText(line, layout.field(name)) : '');

/** Registro 0 with the bank's table. Throws FieldFormatError on a malformed field. */
export function readFileHeader400(profile: CnabBankProfile400, line: string, lineNumber: number): CnabFileHeader {
  const kind = line[1] === '1' ? 'remessa' : line[1] === '2' ? 'retorno' : null;
  const h = (kind === 'remessa' ? profile.layout.remessaHeader : null) ?? profile.layout.retornoHeader;
  const agency = opt(h, line, 'agencia');
  const account = opt(h, line, 'conta');
  const code = opt(h, line, 'codigoEmpresa');
  return {
    bank: line.slice(76, 79),
    bankName: opt(h, line, 'nomeBanco'),
    kind,
    companyDocument: h.has('numeroInscricao') ? readDigits(line, h.field('numeroInscricao')) : '',
    companyName: opt(h, line, 'nomeEmpresa'),
    agency,
    agencyDv: opt(h, line, 'agenciaDv'),
    account,
    accountDv: opt(h, line, 'contaDv'),
    beneficiaryCode: profile.beneficiaryOf({ agency, account, code }),
    generatedOn: readDate6(line, h.field('dataGeracao')),
    generatedTime: '',
    fileNumber: h.has('numeroSequencialArquivo') ? readUnits(line, h.field('numeroSequencialArquivo')) : 0,
    layoutVersion: 'CNAB 400',
    line: lineNumber,
  };
}

/** The bank a CNAB 400 header names (positions 77-79). */
export function bankOfHeader400(line: string): string {
  return line.slice(76, 79);
}

/** Shown text of a record we keep but cannot read: its significant characters, cut for a message. */
function shown(line: string): string {
  const t = line.slice(0, SEQUENCE_START_400 - 1).trimEnd();
  return t.length > 120 ? `${t.slice(0, 120)}…` : t;
}

/**
 * The CNAB 400 record loop (the counterpart of Cnab240Reader): fits each line to 400, dispatches on
 * the record type (position 1), takes the bank profile from the header's bank code (77-79), checks
 * the frame (header first, trailer last, the sequence numbers at 395-400 and the trailer's count of
 * details when the bank has one) and passes details to the handler. Records of a type the layout
 * does not know are kept as "linha não reconhecida" warnings with their text — never fatal.
 */
export class Cnab400Reader<T> {
  private ctx: ReadContext400 | null = null;
  private readonly report: WarningReporter;
  private records = 0;
  private details = 0;
  private headerSeen = false;
  private trailerSeen = false;
  private sequenceWarned = false;
  private noProfileWarned = false;

  constructor(private readonly handler: DetailHandler400<T>, private readonly options: CnabReadOptions, private readonly expected: 'remessa' | 'retorno') {
    this.report = new WarningReporter(options);
  }

  accept(text: string, lineNumber: number): T | null {
    const line = fitRecord(text, RECORD_WIDTH_400);
    if (line === null) {
      this.report.malformed(lineNumber, `a linha tem ${text.length} caracteres; um registro CNAB 400 tem 400.`);
      return null;
    }
    const type = line[0];
    this.records++;
    if (this.trailerSeen) this.report.warn('ESTRUTURA', lineNumber, 'registro depois do trailer de arquivo.');
    this.checkSequence(line, lineNumber);
    if (type === '0') return this.onHeader(line, lineNumber);
    if (!this.headerSeen && this.records === 1) this.report.warn('ESTRUTURA', null, 'arquivo sem header de arquivo.');
    const ctx = this.ctx;
    if (ctx === null) {
      if (!this.noProfileWarned) {
        this.noProfileWarned = true;
        this.report.warn('ESTRUTURA', lineNumber, 'sem um header de banco com leiaute CNAB 400 conhecido, os registros não podem ser lidos.');
      }
      return null;
    }
    try {
      if (type === this.detailType(ctx.profile)) {
        this.details++;
        return this.handler.detail(line, lineNumber, ctx);
      }
      if (type === '9') {
        this.trailerSeen = true;
        this.checkTrailer(ctx, line, lineNumber);
        return this.handler.flush(ctx);
      }
      const extra = this.extraRecord(ctx.profile, type);
      if (extra) return this.handler.extra(extra, line, lineNumber, ctx);
    } catch (err) {
      if (!(err instanceof FieldFormatError)) throw err;
      this.report.malformed(lineNumber, err.message);
      return null;
    }
    this.report.warn('LINHA_NAO_RECONHECIDA', lineNumber, `linha não reconhecida (registro tipo "${type}"), mantida sem efeito: ${shown(line)}`);
    return null;
  }

  finish(): T | null {
    const pending = this.ctx ? this.handler.flush(this.ctx) : null;
    if (this.records === 0) this.report.warn('ESTRUTURA', null, 'arquivo sem registros.');
    else if (!this.trailerSeen) this.report.warn('ESTRUTURA', null, 'arquivo sem trailer de arquivo (incompleto?).');
    return pending;
  }

  /** The detail's record type: "1" for most banks, "7" for Banco do Brasil's 7-digit convênios. */
  private detailType(profile: CnabBankProfile400): string {
    const detail = this.expected === 'retorno' ? profile.layout.retornoDetail : profile.layout.remessaDetail;
    return detail?.field('tipoRegistro').fixed ?? '1';
  }

  private extraRecord(profile: CnabBankProfile400, type: string): ExtraRecord400 | null {
    if (this.expected === 'retorno') return profile.layout.retornoExtras[type] ?? null;
    const fine = profile.layout.remessaFine;
    return fine && fine.field('tipoRegistro').fixed === type ? { description: 'registro de multa (tipo 2)', kind: 'multa', layout: fine } : null;
  }

  private onHeader(line: string, lineNumber: number): null {
    if (this.headerSeen || this.records > 1) {
      this.report.warn('ESTRUTURA', lineNumber, 'header de arquivo fora do início do arquivo.');
      return null;
    }
    this.headerSeen = true;
    const bank = bankOfHeader400(line);
    const profile = cnab400Profile(bank);
    if (!profile) {
      this.noProfileWarned = true;
      this.report.warn('ESTRUTURA', lineNumber, `o banco "${bank}" não tem leiaute CNAB 400 cadastrado; os títulos do arquivo não foram lidos.`);
      return null;
    }
    let header: CnabFileHeader | null = null;
    try {
      header = readFileHeader400(profile, line, lineNumber);
    } catch (err) {
      if (!(err instanceof FieldFormatError)) throw err;
      this.report.malformed(lineNumber, `no header de arquivo, ${err.message}`);
    }
    this.ctx = { profile, header, report: this.report };
    if (header) {
      if (header.kind !== null && header.kind !== this.expected) {
        this.report.warn('ESTRUTURA', lineNumber, `o header indica um arquivo de ${header.kind}, lido como ${this.expected}.`);
      }
      this.options.onHeader?.(header);
    }
    return null;
  }

  /** Each record's 395-400 is its position in the file; the first disagreement is reported once. */
  private checkSequence(line: string, lineNumber: number): void {
    if (this.sequenceWarned) return;
    const o = SEQUENCE_START_400 - 1;
    let value = 0;
    for (let i = o; i < o + 6; i++) {
      const c = line.charCodeAt(i) - 48;
      if (c < 0 || c > 9) return; // blank or garbage: the record's own reading will say
      value = value * 10 + c;
    }
    if (value !== this.records % 1_000_000) {
      this.sequenceWarned = true;
      this.report.warn('CONTAGEM_DIVERGENTE', lineNumber, `o número sequencial do registro é ${value}, mas é o registro ${this.records} do arquivo (avisado uma vez).`);
    }
  }

  private checkTrailer(ctx: ReadContext400, line: string, lineNumber: number): void {
    const t = this.expected === 'retorno' ? ctx.profile.layout.retornoTrailer : ctx.profile.layout.remessaTrailer;
    if (!t || !t.has('quantidadeDetalhes')) return;
    const declared = readUnits(line, t.field('quantidadeDetalhes'));
    if (declared !== this.details) this.report.warn('CONTAGEM_DIVERGENTE', lineNumber, `o trailer informa ${declared} registros de transação, foram lidos ${this.details}.`);
  }
}
