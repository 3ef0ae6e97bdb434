import type { RetornoTitle } from '../cnab-types.js';
import type { ExtraRecord400 } from '../layout400/layout-400.js';
import type { DetailHandler400, ReadContext400 } from './cnab400-reader.js';
import { readDetail400, readPix400 } from './retorno-title-400.js';

/**
 * CNAB 400 retorno titles: a detail is held until the next record tells whether a Pix record
 * (Itaú type 3…) follows it; the Pix record is read into the title (`pix`: BR Code, txid, error).
 */
export class RetornoHandler400 implements DetailHandler400<RetornoTitle> {
  private pending: RetornoTitle | null = null;

  detail(line: string, lineNumber: number, ctx: ReadContext400): RetornoTitle | null {
    const previous = this.pending;
    this.pending = null;
    this.pending = readDetail400(ctx.profile, ctx.header, line, lineNumber); // throws on a malformed detail
    return previous;
  }

  extra(record: ExtraRecord400, line: string, lineNumber: number, ctx: ReadContext400): RetornoTitle | null {
    if (record.kind !== 'pix') return null;
    if (this.pending === null) {
      ctx.report.warn('ESTRUTURA', lineNumber, `${record.description} sem o registro de título que o precede; ignorado.`);
      return null;
    }
    this.pending.pix = readPix400(record.layout, line, lineNumber);
    return null;
  }

  flush(): RetornoTitle | null {
    const title = this.pending;
    this.pending = null;
    return title;
  }
}
