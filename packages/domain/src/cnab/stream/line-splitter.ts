/**
 * Splits a byte stream into text lines without ever holding more than one chunk and one partial
 * line. Bank files are fixed-width latin1 text, but what reaches us has been through e-mail,
 * Windows editors and internet banking downloads, so it tolerates:
 * - LF, CRLF or CR alone as line ends, even a CR and its LF in different chunks;
 * - a UTF-8 byte-order mark before the first line;
 * - blank lines (skipped, but counted so line numbers match an editor's);
 * - a DOS end-of-file marker (0x1A): reading stops there.
 *
 * Bytes are decoded as latin1 (one byte, one character), so byte offsets and character offsets are
 * the same and no multi-byte sequence can be cut by a chunk boundary.
 *
 * Line ends are found in the bytes and each line is decoded on its own: a line is a string of its
 * own (a copy), never a slice of a decoded chunk. Titles keep slices of their lines (names,
 * numbers), and a slice keeps its parent string alive — with whole-chunk strings, a batch of titles
 * held across a database round trip kept every chunk it came from (the whole file passing through
 * the old generation); with line strings it keeps ~240 bytes per title.
 */

/** A UTF-8 BOM (EF BB BF) as latin1 characters. */
const BOM = '\u00ef\u00bb\u00bf';
const EOF_MARKER = '\u001a';
/** Longer than any CNAB record (240 or 400); past this a "line" is cut so memory stays flat. */
const MAX_LINE = 8192;

// Buffer is Node's; the domain is also bundled for the browser, where the loops below take over.
const NodeBuffer = (globalThis as { Buffer?: typeof Buffer }).Buffer;

function decodeLatin1Range(bytes: Uint8Array, start: number, end: number): string {
  let out = '';
  for (let i = start; i < end; i += 8192) {
    out += String.fromCharCode(...bytes.subarray(i, Math.min(i + 8192, end)));
  }
  return out;
}

export function decodeLatin1(bytes: Uint8Array): string {
  if (NodeBuffer) return NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return decodeLatin1Range(bytes, 0, bytes.length);
}

/**
 * Pull-style splitter: push a chunk, then call next() until it answers null, then push the next
 * chunk; end() after the last one and drain again. Synchronous on purpose: the readers consume
 * every complete line of a chunk without an await per line.
 */
export class CnabLineSplitter {
  /** 1-based physical line number of the line last returned by next(). */
  lineNumber = 0;
  /** Bytes pushed so far. */
  bytesRead = 0;
  private bytes: Uint8Array = new Uint8Array(0);
  /** The same bytes as a Node Buffer (its latin1 decoder), or null outside Node. */
  private buffer: Buffer | null = null;
  private pos = 0;
  private pending = '';
  private skipLeadingLf = false;
  private lfAt = -2; // index of the next LF at or after pos; -1 none in this chunk; -2 unknown
  private crAt = -2;
  private ended = false;
  private stopped = false;

  push(bytes: Uint8Array): void {
    // A stream opened with an encoding hands over strings, already decoded (wrongly, as UTF-8).
    if (!(bytes instanceof Uint8Array)) throw new TypeError('CNAB: a fonte deve entregar bytes (Buffer/Uint8Array), não texto.');
    this.bytesRead += bytes.byteLength;
    if (this.stopped) return; // past the EOF marker: count the bytes, read nothing
    if (this.pos < this.bytes.length) throw new Error('CnabLineSplitter: drain next() before pushing more bytes');
    this.bytes = bytes;
    this.buffer = NodeBuffer ? (NodeBuffer.isBuffer(bytes) ? bytes : NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) : null;
    this.pos = 0;
    this.lfAt = -2;
    this.crAt = -2;
  }

  end(): void {
    this.ended = true;
  }

  /** The next non-blank line, without its line end, or null when this chunk is used up. */
  next(): string | null {
    while (!this.stopped) {
      const raw = this.nextPhysicalLine();
      if (raw === null) return null;
      this.lineNumber++;
      const text = this.clean(raw);
      if (text !== null) return text;
    }
    return null;
  }

  private decode(start: number, end: number): string {
    return this.buffer ? this.buffer.toString('latin1', start, end) : decodeLatin1Range(this.bytes, start, end);
  }

  private nextPhysicalLine(): string | null {
    const bytes = this.bytes;
    const length = bytes.length;
    while (this.pos < length) {
      if (this.skipLeadingLf) {
        this.skipLeadingLf = false;
        if (bytes[this.pos] === 10) this.pos++;
        continue;
      }
      // Cached positions: a LF-only file must not rescan the chunk for CR at every line.
      if (this.lfAt === -2 || (this.lfAt >= 0 && this.lfAt < this.pos)) this.lfAt = bytes.indexOf(10, this.pos);
      if (this.crAt === -2 || (this.crAt >= 0 && this.crAt < this.pos)) this.crAt = bytes.indexOf(13, this.pos);
      const end = this.lfAt === -1 ? this.crAt : this.crAt === -1 ? this.lfAt : Math.min(this.lfAt, this.crAt);
      if (end === -1) {
        this.pending += this.decode(this.pos, length);
        this.pos = length;
        if (this.pending.length > MAX_LINE) return this.takePending();
        break;
      }
      const text = this.pending === '' ? this.decode(this.pos, end) : this.pending + this.decode(this.pos, end);
      this.pending = '';
      this.pos = end + 1;
      if (bytes[end] === 13) {
        if (this.pos < length) {
          if (bytes[this.pos] === 10) this.pos++;
        } else {
          this.skipLeadingLf = true; // its LF, if any, opens the next chunk
        }
      }
      return text;
    }
    if (this.ended && this.pending !== '') return this.takePending();
    return null;
  }

  private takePending(): string {
    const text = this.pending;
    this.pending = '';
    return text;
  }

  /** BOM, EOF marker and blank lines; null when nothing is left of the line. */
  private clean(raw: string): string | null {
    let text = raw;
    if (this.lineNumber === 1 && text.startsWith(BOM)) text = text.slice(BOM.length);
    const eof = text.indexOf(EOF_MARKER);
    if (eof !== -1) {
      this.stopped = true;
      text = text.slice(0, eof);
    }
    if (text.length === 0) return null;
    const first = text.charCodeAt(0);
    // A record starts with a digit; only then is it worth scanning for an all-blank line.
    if ((first === 32 || first === 9) && text.trim() === '') return null;
    return text;
  }
}

export interface CnabLine {
  /** The line without its line end (not padded: that depends on the record width). */
  text: string;
  /** 1-based physical line number. */
  line: number;
  /** Bytes read from the source so far (up to the end of the chunk holding this line). */
  bytesRead: number;
}

export type ByteSource = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

/** Async wrapper of CnabLineSplitter for callers that want lines one by one with progress. */
export async function* splitCnabLines(source: ByteSource): AsyncGenerator<CnabLine> {
  const splitter = new CnabLineSplitter();
  for await (const chunk of source) {
    splitter.push(chunk);
    for (let text = splitter.next(); text !== null; text = splitter.next()) {
      yield { text, line: splitter.lineNumber, bytesRead: splitter.bytesRead };
    }
  }
  splitter.end();
  for (let text = splitter.next(); text !== null; text = splitter.next()) {
    yield { text, line: splitter.lineNumber, bytesRead: splitter.bytesRead };
  }
}
