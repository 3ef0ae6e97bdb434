import type { CnabReadOptions, CnabWarningCode } from '../cnab-types.js';
import { CnabError } from '../cnab-error.js';

/**
 * Where the readers send what they could not read. A malformed line is skipped and reported (or,
 * with `strict`, thrown as LINHA_INVALIDA); counts and structure are only ever warnings, because
 * a bank file with a wrong trailer still carries good titles and the operator must see them.
 */
export class WarningReporter {
  constructor(private readonly options: CnabReadOptions) {}

  malformed(line: number, message: string): void {
    const text = `Linha ${line}: ${message}`;
    if (this.options.strict) throw new CnabError('LINHA_INVALIDA', text, { line });
    this.options.onWarning?.({ code: 'LINHA_INVALIDA', line, message: text });
  }

  warn(code: Exclude<CnabWarningCode, 'LINHA_INVALIDA'>, line: number | null, message: string): void {
    this.options.onWarning?.({ code, line, message: line === null ? message : `Linha ${line}: ${message}` });
  }
}

/**
 * A line as a record of `width` characters: banks' and editors' trimmed trailing blanks are put
 * back; extra characters are dropped when blank. Null when the extra holds data (not this layout).
 */
export function fitRecord(text: string, width: number): string | null {
  if (text.length === width) return text;
  if (text.length < width) return text.padEnd(width, ' ');
  for (let i = width; i < text.length; i++) if (text.charCodeAt(i) !== 32) return null;
  return text.slice(0, width);
}
