import type { CnabReadOptions, RetornoTitle } from '../cnab-types.js';
import { FieldFormatError } from '../record/read-field.js';
import type { ByteSource } from '../stream/line-splitter.js';
import { readCnab240, readCnab240Chunks, type DetailHandler, type ReadContext } from './cnab240-reader.js';
import { readSegmentT, readSegmentU } from './retorno-title.js';

/**
 * Pairs each segment T with the segment U that follows it. Other segments (W, Y, banks'
 * extras) are skipped without a word; a T without U or a U without T is reported and dropped.
 */
export class RetornoHandler implements DetailHandler<RetornoTitle> {
  private pending: RetornoTitle | null = null;
  /** The last T was malformed (already reported): its U goes without a second warning. */
  private skipNextU = false;

  detail(segment: string, line: string, lineNumber: number, ctx: ReadContext): RetornoTitle | null {
    if (segment === 'T') {
      this.dropPending(ctx);
      this.skipNextU = true;
      this.pending = readSegmentT(ctx.profile, ctx.header, line, lineNumber); // throws on a malformed T
      this.skipNextU = false;
      return null;
    }
    if (segment !== 'U') return null;
    const title = this.pending;
    this.pending = null;
    if (title === null) {
      if (!this.skipNextU) ctx.report.warn('ESTRUTURA', lineNumber, 'segmento U sem o segmento T que o precede; ignorado.');
      this.skipNextU = false;
      return null;
    }
    try {
      return readSegmentU(ctx.profile, title, line);
    } catch (err) {
      if (err instanceof FieldFormatError) {
        ctx.report.malformed(lineNumber, `${err.message} O título da linha ${title.line} foi ignorado.`);
        return null;
      }
      throw err;
    }
  }

  flush(ctx: ReadContext): null {
    this.dropPending(ctx);
    return null;
  }

  private dropPending(ctx: ReadContext): void {
    if (this.pending === null) return;
    ctx.report.warn('ESTRUTURA', this.pending.line, 'segmento T sem segmento U; título ignorado.');
    this.pending = null;
  }
}

/**
 * Reads a CNAB 240 retorno as it streams in, one title (T + U) at a time, holding nothing but the
 * current title: a 500 MB file reads in flat memory. Any bank is readable with the FEBRABAN
 * tables; Caixa (104) and Banco do Brasil (001) add their nosso número layout and code tables.
 *
 * Malformed lines are skipped and reported through `onWarning` with their 1-based line number
 * (or thrown as CnabError LINHA_INVALIDA with `strict`); disagreeing trailer counts are warnings.
 */
export function readRetorno240(source: ByteSource, options: CnabReadOptions = {}): AsyncGenerator<RetornoTitle> {
  return readCnab240(source, new RetornoHandler(), options, 'retorno');
}

/**
 * readRetorno240 by chunk of the source: the titles read from each chunk, in order, as one array
 * (never empty). Same titles, warnings and progress; for callers that handle titles in batches
 * (the API's preview), without an await per title.
 */
export function readRetorno240Chunks(source: ByteSource, options: CnabReadOptions = {}): AsyncGenerator<RetornoTitle[]> {
  return readCnab240Chunks(source, new RetornoHandler(), options, 'retorno');
}
