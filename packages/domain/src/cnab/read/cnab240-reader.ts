import type { CnabBankProfile } from '../banks/cnab-bank-profile.js';
import { cnabProfile } from '../banks/cnab-profiles.js';
import type { CnabFileHeader, CnabReadOptions } from '../cnab-types.js';
import { RECORD_WIDTH_240 } from '../layout240/layout-240.js';
import { FieldFormatError } from '../record/read-field.js';
import { CnabLineSplitter, type ByteSource } from '../stream/line-splitter.js';
import { FileStructure } from './file-structure.js';
import { readFileHeader } from './read-header.js';
import { fitRecord, WarningReporter } from './warning-reporter.js';

export interface ReadContext {
  profile: CnabBankProfile;
  header: CnabFileHeader | null;
  report: WarningReporter;
}

/**
 * What a reader does with detail records. Each call returns at most one finished item (a title,
 * a remessa entry), so nothing accumulates: a pending T or P is the only state kept.
 */
export interface DetailHandler<T> {
  detail(segment: string, line: string, lineNumber: number, ctx: ReadContext): T | null;
  /** A lot trailer or the end of the file: hand over what is pending. */
  flush(ctx: ReadContext): T | null;
}

const RECORD_TYPES = '01359';

function startsWithBankCode(line: string): boolean {
  for (let i = 0; i < 3; i++) {
    const c = line.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** A digit or letter in position 8: a record type, if not one the layout knows (a blank is a broken line). */
function isTypeCharacter(type: string): boolean {
  return /^[0-9A-Z]$/.test(type);
}

/**
 * The record loop shared by the retorno and remessa readers: fits each line to 240, dispatches
 * on the record type (position 8), picks the bank profile from the file header, checks the frame
 * (FileStructure) and passes details to the handler. Synchronous: the async part is readCnab240.
 */
export class Cnab240Reader<T> {
  private ctx: ReadContext | null = null;
  private readonly report: WarningReporter;
  private readonly structure: FileStructure;

  constructor(private readonly handler: DetailHandler<T>, private readonly options: CnabReadOptions, private readonly expected: 'remessa' | 'retorno') {
    this.report = new WarningReporter(options);
    this.structure = new FileStructure(this.report);
  }

  accept(text: string, lineNumber: number): T | null {
    const line = fitRecord(text, RECORD_WIDTH_240);
    if (line === null) {
      this.report.malformed(lineNumber, `a linha tem ${text.length} caracteres; um registro CNAB 240 tem 240.`);
      return null;
    }
    const type = line[7];
    if (!RECORD_TYPES.includes(type) || !startsWithBankCode(line)) {
      if (startsWithBankCode(line) && isTypeCharacter(type)) {
        // A record the layout does not define (a bank's extra): kept with its text, never fatal — as CNAB 400's.
        const text = line.trimEnd();
        this.report.warn('LINHA_NAO_RECONHECIDA', lineNumber, `linha não reconhecida (registro tipo "${type}"), mantida sem efeito: ${text.length > 120 ? `${text.slice(0, 120)}…` : text}`);
        return null;
      }
      this.report.malformed(lineNumber, `a linha não é um registro CNAB 240 (tipo de registro "${type}" na posição 8).`);
      return null;
    }
    const ctx = this.context(line, type, lineNumber);
    this.structure.record(type, line, lineNumber);
    try {
      if (type === '3') return this.handler.detail(line[13], line, lineNumber, ctx);
      if (type === '0' && lineNumber === ctx.header?.line) this.announce(ctx.header);
      if (type === '5' || type === '9') return this.handler.flush(ctx);
    } catch (err) {
      if (!(err instanceof FieldFormatError)) throw err;
      this.report.malformed(lineNumber, err.message);
    }
    return null;
  }

  finish(): T | null {
    const pending = this.ctx ? this.handler.flush(this.ctx) : null;
    this.structure.finish();
    return pending;
  }

  /** The profile comes from the file header; a file without one is read by its first record's bank. */
  private context(line: string, type: string, lineNumber: number): ReadContext {
    if (this.ctx) return this.ctx;
    const profile = cnabProfile(line.slice(0, 3));
    let header: CnabFileHeader | null = null;
    if (type === '0') {
      try {
        header = readFileHeader(profile, line, lineNumber);
      } catch (err) {
        if (!(err instanceof FieldFormatError)) throw err;
        this.report.malformed(lineNumber, `no header de arquivo, ${err.message}`);
      }
    }
    this.ctx = { profile, header, report: this.report };
    return this.ctx;
  }

  private announce(header: CnabFileHeader): void {
    if (header.kind !== null && header.kind !== this.expected) {
      this.report.warn('ESTRUTURA', header.line, `o header indica um arquivo de ${header.kind}, lido como ${this.expected}.`);
    }
    this.options.onHeader?.(header);
  }
}

/**
 * Streams a source through the line splitter and a reader, yielding the handler's items of each
 * chunk together (never an empty array). One await per chunk instead of one per item: an async
 * generator's yield costs more than reading a title. Items read before an error (strict mode, a
 * broken source) are handed over before the error is thrown, as one by one.
 */
export async function* readCnab240Chunks<T>(
  source: ByteSource,
  handler: DetailHandler<T>,
  options: CnabReadOptions,
  expected: 'remessa' | 'retorno',
): AsyncGenerator<T[]> {
  const splitter = new CnabLineSplitter();
  const reader = new Cnab240Reader(handler, options, expected);
  let items: T[] = [];
  const drain = () => {
    for (let text = splitter.next(); text !== null; text = splitter.next()) {
      const item = reader.accept(text, splitter.lineNumber);
      if (item !== null) items.push(item);
    }
  };
  try {
    for await (const chunk of source) {
      splitter.push(chunk);
      drain();
      if (items.length) {
        const out = items;
        items = [];
        yield out;
      }
      options.onProgress?.(splitter.bytesRead);
    }
    splitter.end();
    drain();
    const last = reader.finish();
    if (last !== null) items.push(last);
  } catch (err) {
    if (items.length) yield items;
    throw err;
  }
  if (items.length) yield items;
}

/**
 * The same, one item at a time (its own loop: items are handed over as they are read, not held
 * for the rest of their chunk).
 */
export async function* readCnab240<T>(
  source: ByteSource,
  handler: DetailHandler<T>,
  options: CnabReadOptions,
  expected: 'remessa' | 'retorno',
): AsyncGenerator<T> {
  const splitter = new CnabLineSplitter();
  const reader = new Cnab240Reader(handler, options, expected);
  for await (const chunk of source) {
    splitter.push(chunk);
    for (let text = splitter.next(); text !== null; text = splitter.next()) {
      const item = reader.accept(text, splitter.lineNumber);
      if (item !== null) yield item;
    }
    options.onProgress?.(splitter.bytesRead);
  }
  splitter.end();
  for (let text = splitter.next(); text !== null; text = splitter.next()) {
    const item = reader.accept(text, splitter.lineNumber);
    if (item !== null) yield item;
  }
  const last = reader.finish();
  if (last !== null) yield last;
}
