import { describe, expect, it } from 'vitest';
import { asAsync, chunksOf, cutAt, latin1 } from '../test-helpers.js';
import { CnabLineSplitter, splitCnabLines, type CnabLine } from './line-splitter.js';

async function split(source: Iterable<Uint8Array>): Promise<Array<[number, string]>> {
  const out: Array<[number, string]> = [];
  for await (const l of splitCnabLines(asAsync(source))) out.push([l.line, l.text]);
  return out;
}

describe('splitCnabLines', () => {
  const expected: Array<[number, string]> = [[1, 'first'], [2, 'second'], [4, 'fourth']];

  it.each([
    ['LF', 'first\nsecond\n\nfourth\n'],
    ['CRLF', 'first\r\nsecond\r\n\r\nfourth\r\n'],
    ['CR only', 'first\rsecond\r\rfourth\r'],
    ['mixed, no final line end', 'first\r\nsecond\n\rfourth'],
    ['BOM and EOF marker', '\u00ef\u00bb\u00bffirst\r\nsecond\r\n   \r\nfourth\r\n\u001aignored\r\n'],
  ])('%s: same lines, blank lines counted but skipped', async (_name, text) => {
    const bytes = latin1(text);
    expect(await split([bytes])).toEqual(expected);
    for (let at = 1; at < bytes.length; at++) expect(await split(cutAt(bytes, [at]))).toEqual(expected);
    expect(await split(chunksOf(bytes, 1))).toEqual(expected);
  });

  it('decodes latin1 bytes one to one', async () => {
    expect(await split([Buffer.from([0x4a, 0x4f, 0x53, 0xc9, 0x0a])])).toEqual([[1, 'JOSÉ']]);
  });

  it('reports bytes read up to the chunk that held each line', async () => {
    const lines: CnabLine[] = [];
    for await (const l of splitCnabLines(chunksOf(latin1('aaaa\nbbbb\ncccc\n'), 6))) lines.push(l);
    expect(lines.map((l) => [l.text, l.bytesRead])).toEqual([['aaaa', 6], ['bbbb', 12], ['cccc', 15]]);
  });

  it('cuts a "line" without line ends before it grows past 8 KiB, so memory stays flat', async () => {
    const lines = await split(chunksOf(latin1('x'.repeat(20_000)), 1000));
    expect(lines.every(([, text]) => text.length <= 9000)).toBe(true);
    expect(lines.map(([, t]) => t).join('')).toHaveLength(20_000);
  });

  it('refuses a push before the previous chunk is drained', () => {
    const splitter = new CnabLineSplitter();
    splitter.push(latin1('a\nb\n'));
    expect(() => splitter.push(latin1('c\n'))).toThrow(/drain/);
  });
});
