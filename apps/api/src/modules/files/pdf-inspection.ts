import fs from 'node:fs';
import zlib from 'node:zlib';
import { decodeName, ENDSTREAM, ENDSTREAM_FAIL, MAX_INFLATED_BYTES, MAX_OBJECT_STREAM_BYTES, Refused, REFUSED_NAMES, regular, streamInfo, WHITE, type StreamInfo } from './pdf-syntax.js';

/**
 * A byte-at-a-time reader of PDF syntax: names outside strings, comments and stream data are checked
 * against REFUSED_NAMES; each stream is skipped by its /Length (checked against "endstream"), object
 * streams are inflated and each of their objects read from its own offset, as a reader would. Text
 * that looks like an object header ("12 0 obj") inside a string, a comment or a stream's data is
 * refused: a cross-reference could point a reader there, where this pass saw no object.
 */
class PdfScanner {
  private mode: 'normal' | 'comment' | 'string' | 'hex' | 'name' | 'token' | 'lt' | 'gt' | 'eol' | 'stream' = 'normal';
  private stringDepth = 0;
  private escaped = false;
  private tok: number[] = [];
  private dict = 0;
  /** The top-level tokens of the last outermost dictionary (a stream's own dictionary when "stream" comes). */
  private top: string[] = [];
  /** The last tokens outside dictionaries: "12 0 obj", an integer object's value, "endobj". */
  private recent: string[] = [];
  private object: { ref: string; tokens: number } | null = null;
  private expectEndstream = false;
  private info: StreamInfo | null = null;
  private stream = { left: 0, byLength: true, seen: 0, match: 0, keep: null as Buffer[] | null, kept: 0, ref: null as string | null };
  /** The last bytes inside strings, comments and stream data (a ring), for the hidden-object check. */
  private ring = new Uint8Array(32);
  private ringAt = 0;
  readonly integers = new Map<string, number>();
  readonly lengthChecks: { ref: string; measured: number }[] = [];

  constructor(private readonly nested = false) {}

  write(chunk: Buffer): void {
    for (let i = 0; i < chunk.length; i++) {
      if (this.mode === 'stream') i = this.streamBytes(chunk, i) - 1;
      else this.byte(chunk[i]);
    }
  }

  finish(): void {
    if (this.mode === 'name' || this.mode === 'token') this.endToken();
    if (this.mode === 'stream' || this.mode === 'eol') throw new Refused('tem estrutura inconsistente (o arquivo termina no meio de um fluxo)');
    for (const check of this.lengthChecks) {
      const value = this.integers.get(check.ref);
      // the data ends with an end-of-line before "endstream" that /Length may or may not count
      if (value === undefined || value > check.measured || check.measured - value > 2) throw new Refused('tem estrutura inconsistente (tamanho de fluxo)');
    }
  }

  private hidden(b: number): void {
    this.ring[this.ringAt++ & 31] = b;
    // "obj" just ended: is it "<number> <number> obj", the header a cross-reference points at?
    if (b === 0x6a && this.ring[(this.ringAt - 2) & 31] === 0x62 && this.ring[(this.ringAt - 3) & 31] === 0x6f) {
      let tail = '';
      for (let k = 32; k > 0; k--) tail += String.fromCharCode(this.ring[(this.ringAt - k) & 31]);
      if (/(?:^|[\s\0()<>[\]{}/%])\d{1,10}[\s\0]+\d{1,5}[\s\0]+obj$/.test(tail)) throw new Refused('contém um objeto escondido dentro de outro conteúdo');
    }
  }

  /** A new region (string, comment, stream data) starts: what came before it is not part of it. */
  private resetRing(): void {
    this.ring.fill(0x20);
  }

  private byte(b: number): void {
    switch (this.mode) {
      case 'comment':
        if (b === 0x0a || b === 0x0d) this.mode = 'normal';
        else this.hidden(b);
        return;
      case 'string':
        this.hidden(b);
        if (this.escaped) this.escaped = false;
        else if (b === 0x5c) this.escaped = true;
        else if (b === 0x28) this.stringDepth++;
        else if (b === 0x29 && --this.stringDepth === 0) this.value('()');
        return;
      case 'hex':
        this.hidden(b);
        if (b === 0x3e) this.value('<>');
        return;
      case 'lt':
        if (b === 0x3c) {
          this.mode = 'normal';
          if (this.dict === 0) this.top = [];
          else if (this.dict === 1) this.top.push('<<>>');
          this.dict++;
          return;
        }
        this.mode = 'hex';
        this.resetRing();
        this.byte(b);
        return;
      case 'gt':
        this.mode = 'normal';
        if (b === 0x3e) {
          this.dict = Math.max(0, this.dict - 1);
          if (this.dict === 0) this.word('>>');
          return;
        }
        this.normal(b);
        return;
      case 'eol':
        // "stream" is followed by CRLF or LF (a lone CR is tolerated); the data starts after it
        if (b === 0x0d) return;
        this.mode = 'stream';
        if (this.stream.byLength && this.stream.left === 0) {
          this.endStream(false);
          if (b !== 0x0a) this.byte(b);
        } else if (b !== 0x0a) this.streamBytes(Buffer.from([b]), 0);
        return;
      case 'name':
      case 'token':
        if (regular(b)) {
          if (this.tok.length < 256) this.tok.push(b);
          return;
        }
        this.endToken();
        this.normal(b);
        return;
      default:
        this.normal(b);
    }
  }

  private normal(b: number): void {
    if (WHITE[b]) return;
    // after a stream's /Length bytes only "endstream" may come
    if (this.expectEndstream && b !== 0x65) throw new Refused('tem estrutura inconsistente (tamanho de fluxo)');
    if (b === 0x25) {
      this.mode = 'comment';
      this.resetRing();
    }
    else if (b === 0x28) {
      this.mode = 'string';
      this.stringDepth = 1;
      this.resetRing();
    } else if (b === 0x3c) this.mode = 'lt';
    else if (b === 0x3e) this.mode = 'gt';
    else if (b === 0x2f) {
      this.mode = 'name';
      this.tok = [];
    } else if (b === 0x5b || b === 0x5d) this.value(String.fromCharCode(b));
    else if (b === 0x29 || b === 0x7b || b === 0x7d) return; // stray ")" and PostScript braces carry nothing
    else {
      this.mode = 'token';
      this.tok = [b];
    }
  }

  private endToken(): void {
    const isName = this.mode === 'name';
    this.mode = 'normal';
    const text = Buffer.from(this.tok).toString('latin1');
    if (!isName) return this.word(text);
    const name = decodeName(this.tok);
    const what = REFUSED_NAMES[name];
    if (what) throw new Refused(`contém ${what}`);
    this.value(`/${name}`);
  }

  /** A token inside the outermost dictionary is kept for streamInfo; nothing else is needed of it. */
  private value(token: string): void {
    if (this.mode === 'string' || this.mode === 'hex') this.mode = 'normal';
    if (this.dict === 1 && this.top.length < 512) this.top.push(token);
    if (this.dict === 0 && this.object) this.object.tokens++;
  }

  private word(word: string): void {
    if (this.expectEndstream && word !== 'endstream') throw new Refused('tem estrutura inconsistente (tamanho de fluxo)');
    this.expectEndstream = false;
    if (this.dict > 0) return this.value(word);
    const r = this.recent;
    r.push(word);
    if (r.length > 3) r.shift();
    if (word === 'obj' && r.length === 3 && /^\d+$/.test(r[0]) && /^\d+$/.test(r[1])) {
      if (this.nested) throw new Refused('tem estrutura inconsistente (objeto dentro de fluxo de objetos)');
      this.object = { ref: `${r[0]} ${r[1]}`, tokens: 0 };
      this.top = [];
      return;
    }
    if (word === 'endobj') {
      // "12 0 obj 345 endobj": an integer object, maybe a stream's indirect /Length
      if (this.object && this.object.tokens === 1 && /^\d+$/.test(r[1] ?? '')) this.integers.set(this.object.ref, Number(r[1]));
      this.object = null;
      return;
    }
    if (word === 'stream') {
      if (this.nested) throw new Refused('tem estrutura inconsistente (fluxo dentro de fluxo de objetos)');
      return this.beginStream();
    }
    if (word !== '>>' && this.object) this.object.tokens++;
  }

  private beginStream(): void {
    const info = (this.info = streamInfo(this.top));
    if (info.length === null && !info.lengthRef) throw new Refused('tem estrutura inconsistente (fluxo sem tamanho)');
    const keep = info.type === 'ObjStm' ? [] : null;
    this.stream = { left: info.length ?? 0, byLength: info.length !== null, seen: 0, match: 0, keep, kept: 0, ref: info.length === null ? info.lengthRef : null };
    this.mode = 'eol';
    this.resetRing();
  }

  /** Consumes stream data from chunk[i]; answers the index after what it took. */
  private streamBytes(chunk: Buffer, i: number): number {
    const s = this.stream;
    if (s.byLength) {
      const take = Math.min(s.left, chunk.length - i);
      for (let k = i; k < i + take; k++) this.hidden(chunk[k]);
      this.keepData(chunk.subarray(i, i + take));
      s.left -= take;
      if (s.left === 0) this.endStream(false);
      return i + take;
    }
    let k = i;
    for (; k < chunk.length; k++) {
      const b = chunk[k];
      while (s.match > 0 && b !== ENDSTREAM[s.match]) s.match = ENDSTREAM_FAIL[s.match - 1];
      if (b === ENDSTREAM[s.match]) s.match++;
      s.seen++;
      if (s.match === ENDSTREAM.length) {
        this.keepData(chunk.subarray(i, k + 1));
        this.lengthChecks.push({ ref: s.ref!, measured: s.seen - ENDSTREAM.length });
        this.endStream(true);
        return k + 1;
      }
      this.hidden(b);
    }
    this.keepData(chunk.subarray(i, k));
    return k;
  }

  private keepData(piece: Buffer): void {
    const s = this.stream;
    if (!s.keep) return;
    s.kept += piece.length;
    if (s.kept > MAX_OBJECT_STREAM_BYTES) throw new Refused('tem um fluxo de objetos grande demais para ser verificado');
    s.keep.push(Buffer.from(piece));
  }

  private endStream(foundEndstream: boolean): void {
    this.mode = 'normal';
    this.expectEndstream = !foundEndstream;
    this.resetRing();
    const s = this.stream;
    if (s.keep) {
      const data = Buffer.concat(s.keep);
      this.readObjectStream(foundEndstream ? data.subarray(0, data.length - ENDSTREAM.length) : data);
    }
    if (this.object) this.object.tokens += 2;
  }

  /** Inflates an object stream and reads each of its objects from its own offset. */
  private readObjectStream(raw: Buffer): void {
    const { filters, decodeParms, n, first } = this.info!;
    if (decodeParms || filters.length > 1 || filters.some((f) => f !== 'FlateDecode') || n === null || first === null) {
      throw new Refused('tem um fluxo de objetos que não pôde ser verificado');
    }
    let data: Buffer;
    try {
      data = filters.length ? zlib.inflateSync(raw, { maxOutputLength: MAX_INFLATED_BYTES }) : raw;
    } catch {
      throw new Refused('tem um fluxo de objetos que não pôde ser verificado (protegido por senha ou corrompido)');
    }
    const header = data.subarray(0, first).toString('latin1').trim().split(/[\s\0]+/).map(Number);
    if (header.length < 2 * n || header.some((x) => !Number.isInteger(x) || x < 0)) throw new Refused('tem estrutura inconsistente (fluxo de objetos)');
    for (let i = 0; i < n; i++) {
      const start = first + header[2 * i + 1];
      const end = i + 1 < n ? first + header[2 * i + 3] : data.length;
      // offsets increase (PDF 32000 §7.5.7): each object is read from its own offset up to the next one
      if (start > data.length || end < start || end > data.length) throw new Refused('tem estrutura inconsistente (fluxo de objetos)');
      const object = data.subarray(start, end);
      const inner = new PdfScanner(true);
      inner.write(object);
      inner.finish();
      const text = object.toString('latin1').trim();
      if (/^\d+$/.test(text)) this.integers.set(`${header[2 * i]} 0`, Number(text));
    }
  }
}

/**
 * Reads a PDF upload front to back (decision 107). Answers null when it carries nothing refused, else
 * what is wrong as the end of a Portuguese sentence ("o PDF contém JavaScript"): JavaScript, a
 * Launch action, attached files, or a structure this reading cannot vouch for (an object stream it
 * cannot inflate, a stream whose length does not add up, an object hidden inside other content).
 */
export async function pdfProblem(path: string): Promise<string | null> {
  const scanner = new PdfScanner();
  try {
    for await (const chunk of fs.createReadStream(path, { highWaterMark: 64 * 1024 })) scanner.write(chunk as Buffer);
    scanner.finish();
    return null;
  } catch (err) {
    if (err instanceof Refused) return err.message;
    throw err;
  }
}

/** The same over bytes in memory (tests: `chunk` feeds them in pieces of that size, as reads would). */
export function pdfBytesProblem(bytes: Buffer, chunk = bytes.length): string | null {
  const scanner = new PdfScanner();
  try {
    for (let at = 0; at < bytes.length; at += Math.max(chunk, 1)) scanner.write(bytes.subarray(at, at + Math.max(chunk, 1)));
    scanner.finish();
    return null;
  } catch (err) {
    if (err instanceof Refused) return err.message;
    throw err;
  }
}
