import { CNAB400_BANK_PROFILES, cnab400Profile } from '@bg/domain';

/**
 * Checks, as the bytes stream in, that an upload is a CNAB retorno and not a binary or some other
 * text: Latin-1 text with CR/LF line ends (a UTF-8 BOM and a final 0x1A accepted, as the reader
 * accepts them) and a file header that says "retorno". CNAB 240: lines of at most 240 characters
 * (longer only with trailing blanks), records whose type (position 8) is a digit, header
 * position 143 = 2 — FEBRABAN's types are 0, 1, 3, 5 and 9, but the reader keeps a record of any
 * other type as "linha não reconhecida" (decision 124), so the check must not refuse what it reads. CNAB 400 (a header "02RETORNO…" of a bank with a 400 layout, decision 121):
 * lines of at most 400 characters whose type (position 1) is a digit — the reader keeps records
 * of unknown types as "linha não reconhecida". Holds only the first line; `error` is set at the
 * first problem.
 */
export const CNAB_LINE = 240;
export const CNAB_LINE_400 = 400;
const isDigit = (b: number) => b >= 0x30 && b <= 0x39;

/**
 * Bytes start..lf (the LF excluded) are a line feedBytes would pass without a word: text with no
 * control byte (but a CR before the LF), at most `width` characters but for trailing blanks, and a
 * record type at its position (8 in CNAB 240, 1 in CNAB 400), or a blank there.
 */
function goodLine(chunk: Uint8Array, start: number, lf: number, width: number): boolean {
  const end = lf > start && chunk[lf - 1] === 0x0d ? lf - 1 : lf;
  for (let j = start; j < end; j++) {
    const c = chunk[j];
    if (c < 0x20 || c === 0x7f) return false;
  }
  for (let j = start + width; j < end; j++) if (chunk[j] !== 0x20) return false;
  if (width === CNAB_LINE_400) return end === start || chunk[start] === 0x20 || isDigit(chunk[start]);
  return end - start < 8 || chunk[start + 7] === 0x20 || isDigit(chunk[start + 7]);
}

export type CnabHeaderInfo = { bank: string; kind: 'remessa' | 'retorno' | null; layout?: 240 | 400 };

export class CnabTextCheck {
  error: string | null = null;
  header: CnabHeaderInfo | null = null;
  private line = 1;
  private col = 0;
  private lineHasText = false;
  private first: number[] = [];
  private started = false;
  private bomSkip = 0;
  private ended = false;
  /** Line width: 400 until the header says CNAB 240 (the header itself may be a 400 one). */
  private width = CNAB_LINE_400;
  /** Column of the current line's last non-blank character. */
  private lastText = 0;

  feed(chunk: Uint8Array): void {
    if (this.error) return;
    let i = 0;
    if (!this.started) {
      this.started = true;
      if (chunk[0] === 0xef) this.bomSkip = 3;
      // a binary announces itself in its first bytes (NUL, control codes): say so before anything else
      for (let j = 0; j < Math.min(chunk.length, 512); j++) {
        const c = chunk[j];
        if (c < 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x1a) return this.fail('Arquivo binário: não é um arquivo CNAB 240 (texto).');
      }
    }
    while (this.bomSkip > 0 && i < chunk.length) {
      if (chunk[i] !== [0xef, 0xbb, 0xbf][3 - this.bomSkip]) return this.fail('Arquivo binário ou com codificação desconhecida: não é um arquivo CNAB 240.');
      this.bomSkip--;
      i++;
    }
    const n = chunk.length;
    while (i < n) {
      const lf = chunk.indexOf(0x0a, i);
      const end = lf === -1 ? n : lf + 1;
      // the common case of a 500 MB upload, a whole good line in this chunk once the header is
      // known, is checked in one tight loop; anything else (a line across chunks, the header,
      // a byte to refuse) goes byte by byte, which words the refusal
      if (lf !== -1 && this.col === 0 && this.header && !this.ended && goodLine(chunk, i, lf, this.width)) {
        this.line++;
      } else {
        this.feedBytes(chunk, i, end);
        if (this.error) return;
      }
      i = end;
    }
  }

  private feedBytes(chunk: Uint8Array, from: number, to: number): void {
    for (let i = from; i < to; i++) {
      const b = chunk[i];
      if (this.ended) {
        if (b !== 0x1a && b !== 0x0a && b !== 0x0d) return this.fail('Arquivo binário (conteúdo após o marcador de fim 0x1A): não é um arquivo CNAB 240.');
        continue;
      }
      if (b === 0x0a) {
        this.endLine();
        if (this.error) return;
        continue;
      }
      if (b === 0x0d) continue;
      if (b === 0x1a) {
        this.ended = true;
        continue;
      }
      if (b < 0x20 || b === 0x7f) return this.fail(`Arquivo binário (byte 0x${b.toString(16).padStart(2, '0')} na linha ${this.line}): não é um arquivo CNAB 240.`);
      if (!this.header && this.first.length < CNAB_LINE) this.first.push(b);
      this.col++;
      if (b !== 0x20) {
        if (this.col > this.width) {
          return this.fail(this.width === CNAB_LINE ? `A linha ${this.line} tem mais de ${CNAB_LINE} caracteres: não é um arquivo CNAB 240.` : `A linha ${this.line} tem mais de ${CNAB_LINE_400} caracteres: não é um arquivo CNAB.`);
        }
        if (this.header && this.width === CNAB_LINE_400) {
          if (this.col === 1 && !isDigit(b)) return this.fail(`A linha ${this.line} não é um registro CNAB 400 (tipo de registro "${String.fromCharCode(b)}" na posição 1).`);
        } else if (this.col === 8 && !isDigit(b) && !(!this.header && this.first[0] === 0x30)) {
          return this.fail(`A linha ${this.line} não é um registro CNAB 240 (tipo de registro "${String.fromCharCode(b)}" na posição 8).`);
        }
        this.lineHasText = true;
        this.lastText = this.col;
      }
    }
  }

  /** Call once after the last chunk. */
  finish(): void {
    if (this.error) return;
    if (this.col > 0) this.endLine();
    if (!this.error && !this.header) this.fail('Arquivo vazio: não é um arquivo CNAB 240.');
  }

  private endLine(): void {
    // the first line with text must be the file header (blank lines before it are tolerated)
    if (!this.header && this.lineHasText) this.readHeader();
    if (this.first.length) this.first = [];
    this.line++;
    this.col = 0;
    this.lastText = 0;
    this.lineHasText = false;
  }

  private readHeader(): void {
    if (this.header) return;
    const text = String.fromCharCode(...this.first);
    if (text[0] === '0' && (text[1] === '1' || text[1] === '2') && (text.startsWith('RETORNO', 2) || text.startsWith('REMESSA', 2))) return this.readHeader400(text);
    if (this.lastText > CNAB_LINE) return this.fail(`A linha ${this.line} tem mais de ${CNAB_LINE} caracteres: não é um arquivo CNAB 240.`);
    this.width = CNAB_LINE;
    if (text.length < 143 || text[7] !== '0' || !/^\d{3}/.test(text)) {
      return this.fail('O arquivo não começa pelo header de arquivo CNAB 240 (registro 0): não é um arquivo retorno.');
    }
    const code = text[142];
    this.header = { bank: text.slice(0, 3), kind: code === '2' ? 'retorno' : code === '1' ? 'remessa' : null, layout: 240 };
    if (this.header.kind === 'remessa') this.fail('Este arquivo é uma remessa, não um retorno do banco.');
    else if (this.header.kind !== 'retorno') this.fail('O header do arquivo não indica um retorno (posição 143 deve ser 2).');
  }

  /** A CNAB 400 header: "0", "1"/"2", "REMESSA"/"RETORNO", the bank at 77-79 (every bank's manual). */
  private readHeader400(text: string): void {
    const bank = text.slice(76, 79);
    this.header = { bank, kind: text[1] === '2' ? 'retorno' : 'remessa', layout: 400 };
    if (this.header.kind === 'remessa') return this.fail('Este arquivo é uma remessa, não um retorno do banco.');
    if (!cnab400Profile(bank)) return this.fail(`Retorno CNAB 400 do banco "${bank}": este leiaute ainda não é lido (CNAB 400: bancos ${Object.keys(CNAB400_BANK_PROFILES).join(', ')}).`);
  }

  private fail(message: string): void {
    this.error ??= message;
  }
}
