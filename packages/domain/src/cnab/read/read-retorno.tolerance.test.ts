import { describe, expect, it } from 'vitest';
import { CnabError } from '../cnab-error.js';
import { asAsync, chunksOf, cutAt, fixture, latin1, readAllRetorno } from '../test-helpers.js';

const SICREDI = fixture('cnab240-retorno-748-sicredi-brcobranca.crt'); // LF line ends
const CAIXA = fixture('cnab240-retorno-104-caixa-cnabphp.ret'); // CRLF line ends
const BB = fixture('cnab240-retorno-001-bb-cnabphp.ret');

function lines(bytes: Buffer): string[] {
  return bytes.toString('latin1').split(/\r\n|\n|\r/).filter((l) => l !== '');
}

function file(ls: readonly string[], end = '\n'): Buffer {
  return latin1(ls.map((l) => l + end).join(''));
}

/** Replaces positions start..end (1-based, inclusive) of line n (1-based). */
function patch(ls: readonly string[], n: number, start: number, text: string): string[] {
  return ls.map((l, i) => (i === n - 1 ? l.slice(0, start - 1) + text + l.slice(start - 1 + text.length) : l));
}

describe('readRetorno240 tolerates what bank files go through', () => {
  it('reads LF, CRLF and CR-only files alike', async () => {
    const base = await readAllRetorno(SICREDI);
    for (const end of ['\r\n', '\r']) {
      expect(await readAllRetorno(file(lines(SICREDI), end))).toEqual(base);
    }
  });

  it('skips a UTF-8 byte-order mark', async () => {
    const base = await readAllRetorno(CAIXA);
    expect(await readAllRetorno(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), CAIXA]))).toEqual(base);
  });

  it('pads lines whose trailing blanks were trimmed (and blank lines in between)', async () => {
    const base = await readAllRetorno(CAIXA);
    const trimmed = lines(CAIXA).map((l) => l.trimEnd());
    expect(trimmed.some((l) => l.length < 100)).toBe(true);
    const withBlankLine = [...trimmed.slice(0, 4), '', ...trimmed.slice(4)];
    const read = await readAllRetorno(file(withBlankLine, '\r\n'));
    // the blank line shifts the physical line numbers of what follows by one
    expect(read.items.map((t) => ({ ...t, line: t.line > 4 ? t.line - 1 : t.line }))).toEqual(base.items);
    expect(read.warnings).toEqual([]);
  });

  it('stops at a DOS end-of-file marker (0x1A)', async () => {
    const base = await readAllRetorno(CAIXA);
    expect(await readAllRetorno(Buffer.concat([CAIXA, Buffer.from([0x1a])]))).toEqual(base);
    const garbageAfter = Buffer.concat([CAIXA, Buffer.from([0x1a]), latin1('anything after the marker\r\n')]);
    expect(await readAllRetorno(garbageAfter)).toEqual(base);
  });

  it('decodes bytes as latin1 (accented names as banks send them)', async () => {
    const ls = patch(lines(SICREDI), 3, 149, 'SURFISTÃO MEDIÑA');
    const { items, warnings } = await readAllRetorno(file(ls));
    expect(items[0].payerName).toBe('SURFISTÃO MEDIÑA');
    expect(warnings).toEqual([]);
  });

  it('warns, without failing, when a trailer count disagrees', async () => {
    const ls = patch(patch(lines(SICREDI), 7, 18, '000099'), 8, 24, '000777');
    const { items, warnings } = await readAllRetorno(file(ls));
    expect(items).toHaveLength(2);
    expect(warnings).toEqual([
      { code: 'CONTAGEM_DIVERGENTE', line: 7, message: 'Linha 7: o trailer informa 99 registros no lote, foram lidos 6.' },
      { code: 'CONTAGEM_DIVERGENTE', line: 8, message: 'Linha 8: o trailer informa 777 registros no arquivo, foram lidos 8.' },
    ]);
  });

  it('skips a malformed line, reports its number and reads the rest', async () => {
    const ls = patch(lines(CAIXA), 5, 82, '0000000000ABC00'); // valor do título of the 2nd title
    const withGarbage = [...ls.slice(0, 8), 'THIS IS NOT A CNAB LINE', ...ls.slice(8)];
    const { items, warnings } = await readAllRetorno(file(withGarbage, '\r\n'));
    expect(items).toHaveLength(8);
    expect(items.map((t) => t.line)).toEqual([3, 7, 10, 12, 14, 16, 18, 20]);
    // the malformed T still counts as a record (the bank wrote it); the garbage line does not
    expect(warnings.map((w) => [w.code, w.line])).toEqual([
      ['LINHA_INVALIDA', 5],
      ['LINHA_INVALIDA', 9],
    ]);
    // a sentence an operator reads: the field as the manual names it, not its identifier (issue 25)
    expect(warnings[0].message).toBe('Linha 5: o campo Valor nominal do título (posições 82 a 96) deveria conter só números, mas contém "0000000000ABC00".');
    expect(warnings[1].message).toBe('Linha 9: a linha não é um registro CNAB 240 (tipo de registro " " na posição 8).');
  });

  it('throws CnabError LINHA_INVALIDA with the line number when strict', async () => {
    const ls = patch(lines(CAIXA), 5, 82, '0000000000ABC00');
    const error = await readAllRetorno(file(ls), { strict: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CnabError);
    expect(error).toMatchObject({ code: 'LINHA_INVALIDA', line: 5 });
  });

  it('reports a line longer than 240 that carries data, a T without U and a truncated file', async () => {
    const ls = lines(SICREDI);
    const broken = [ls[0], ls[1], ls[2] + 'XYZ', ls[3], ls[4]]; // no U for line 5, no trailers
    const { items, warnings } = await readAllRetorno(file(broken));
    expect(items).toEqual([]);
    expect(warnings.map((w) => [w.code, w.line])).toEqual([
      ['LINHA_INVALIDA', 3],
      ['ESTRUTURA', 4], // the U of the unreadable T
      ['ESTRUTURA', 5], // T without U, found at the end
      ['ESTRUTURA', null],
    ]);
    expect(warnings[3].message).toBe('arquivo sem trailer de arquivo (incompleto?).');
  });

  it('warns when the file is a remessa', async () => {
    const { items, warnings } = await readAllRetorno(fixture('cnab240-remessa-001-bb-brcobranca-golden.rem'));
    expect(items).toEqual([]);
    expect(warnings).toEqual([{ code: 'ESTRUTURA', line: 1, message: 'Linha 1: o header indica um arquivo de remessa, lido como retorno.' }]);
  });
});

describe('readRetorno240 gives the same result wherever the chunks are cut', () => {
  const variants: Record<string, Buffer> = {
    'Sicredi (LF)': SICREDI,
    'BB (LF, 241-character line)': BB,
    'Caixa (CRLF) with BOM and 0x1A': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), CAIXA, Buffer.from([0x1a])]),
    'Sicredi in CR only': file(lines(SICREDI), '\r'),
  };

  for (const [name, bytes] of Object.entries(variants)) {
    it(`${name}: every two-chunk split and 1-byte chunks`, async () => {
      const whole = await readAllRetorno(bytes);
      expect(whole.items.length).toBeGreaterThan(0);
      for (let at = 1; at < bytes.length; at++) {
        const split = await readAllRetorno(cutAt(bytes, [at]));
        if (JSON.stringify(split) !== JSON.stringify(whole)) expect({ at, split }).toEqual({ at, split: whole });
      }
      expect(await readAllRetorno(asAsync(chunksOf(bytes, 1)))).toEqual(whole);
      expect(await readAllRetorno(asAsync(chunksOf(bytes, 241)))).toEqual(whole);
    });
  }

  it('reports progress in bytes read, ending at the file size', async () => {
    const progress: number[] = [];
    await readAllRetorno(chunksOf(CAIXA, 1000), { onProgress: (b) => progress.push(b) });
    expect(progress).toEqual([1000, 2000, 3000, 4000, 5000, CAIXA.length]);
  });
});
