import type { CnabReadOptions, RetornoTitle } from '../cnab-types.js';
import { CnabLineSplitter, type ByteSource } from '../stream/line-splitter.js';
import { Cnab240Reader } from './cnab240-reader.js';
import { Cnab400Reader } from './cnab400-reader.js';
import { RetornoHandler } from './read-retorno.js';
import { RetornoHandler400 } from './read-retorno-400.js';

export type CnabLayoutKind = 240 | 400;

/**
 * Which layout a file's first record is: a CNAB 400 header starts "0" + "1"/"2" + "REMESSA"/
 * "RETORNO" (every bank's manual), a CNAB 400 record is longer than 240 characters once its
 * trailing blanks are gone; anything else is read as CNAB 240 (which reports what it cannot read).
 */
export function detectCnabLayout(firstLine: string): { layout: CnabLayoutKind; bank: string } {
  const h = firstLine;
  const is400Header = h.length >= 79 && h[0] === '0' && (h[1] === '1' || h[1] === '2') && (h.startsWith('REMESSA', 2) || h.startsWith('RETORNO', 2));
  if (is400Header || h.trimEnd().length > 240) return { layout: 400, bank: h.slice(76, 79) };
  return { layout: 240, bank: h.slice(0, 3) };
}

interface LineReader {
  accept(text: string, lineNumber: number): RetornoTitle | null;
  finish(): RetornoTitle | null;
}

function readerFor(firstLine: string, options: CnabReadOptions): LineReader {
  const { layout } = detectCnabLayout(firstLine);
  return layout === 400 ? new Cnab400Reader(new RetornoHandler400(), options, 'retorno') : new Cnab240Reader(new RetornoHandler(), options, 'retorno');
}

/**
 * Any retorno — CNAB 240 of any bank (FEBRABAN tables plus the bank's profile) or CNAB 400 of a
 * bank with a 400 profile (Itaú 341…) — by chunk of the source: the layout and bank are taken from
 * the first record, then the file streams through that layout's reader exactly as
 * readRetorno240Chunks does (one title pending at most, one await per chunk). Same RetornoTitle
 * shape whatever the layout; CNAB 400 titles add `channel` and `pix` when the bank sends them.
 */
export async function* readRetornoChunks(source: ByteSource, options: CnabReadOptions = {}): AsyncGenerator<RetornoTitle[]> {
  const splitter = new CnabLineSplitter();
  let reader: LineReader | null = null;
  let items: RetornoTitle[] = [];
  const drain = () => {
    for (let text = splitter.next(); text !== null; text = splitter.next()) {
      reader ??= readerFor(text, options);
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
    reader ??= readerFor('', options);
    const last = (reader as LineReader).finish();
    if (last !== null) items.push(last);
  } catch (err) {
    if (items.length) yield items;
    throw err;
  }
  if (items.length) yield items;
}

/** readRetornoChunks one title at a time. */
export async function* readRetorno(source: ByteSource, options: CnabReadOptions = {}): AsyncGenerator<RetornoTitle> {
  for await (const chunk of readRetornoChunks(source, options)) yield* chunk;
}
