import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PDFDocument } from 'pdf-lib';
import { checkFileContent } from './check-file-content.js';
import { jpegCheck } from './jpeg-structure.js';
import { pdfBytesProblem, pdfProblem } from './pdf-inspection.js';
import { pngProblem } from './png-structure.js';

/** The structure checks of uploads (decision 107) on the files of test/fixtures/uploads (its README says where each comes from). */
const fixtures = fileURLToPath(new URL('../../../test/fixtures/uploads/', import.meta.url));
const fixture = (name: string) => path.join(fixtures, name);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-upload-content-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe('PNG: decodes as the image it claims', () => {
  it.each(['python.png', 'interlaced.png'])('accepts %s (palette; Adam7 RGBA)', async (name) => {
    expect(await pngProblem(fixture(name))).toBeNull();
  });

  it.each([
    ['png-then-html.png', 'bloco'],
    ['png-bad-crc.png', 'CRC errado no bloco IDAT'],
    ['png-then-trailing-html.png', 'depois do fim da imagem'],
    ['png-short-pixels.png', 'não conferem com as dimensões'],
  ])('refuses %s', async (name, why) => {
    expect(await pngProblem(fixture(name))).toContain(why);
  });

  it('refuses a PNG cut short, and one announcing more pixels than allowed', async () => {
    const png = fs.readFileSync(fixture('python.png'));
    const cut = path.join(scratch, 'cut.png');
    fs.writeFileSync(cut, png.subarray(0, png.length - 20));
    expect(await pngProblem(cut)).toMatch(/termina/);
    const huge = Buffer.from(png);
    huge.writeUInt32BE(20_000, 16);
    huge.writeUInt32BE(20_000, 20);
    const big = path.join(scratch, 'big.png');
    fs.writeFileSync(big, huge);
    expect(await pngProblem(big)).toMatch(/CRC errado no bloco IHDR/);
    huge.writeUInt32BE(crc32(huge.subarray(12, 29)) >>> 0, 29);
    fs.writeFileSync(big, huge);
    expect(await pngProblem(big)).toMatch(/imagem grande demais \(20000 × 20000 pixels\)/);
  });
});

describe('JPEG: decodes as the image it claims', () => {
  it.each(['python.jpg', 'progressive.jpg'])('accepts %s (baseline; progressive)', async (name) => {
    const size = fs.statSync(fixture(name)).size;
    expect(await jpegCheck(fixture(name))).toEqual({ problem: null, imageBytes: size });
  });

  it('refuses a JPEG header followed by HTML and a JPEG cut in its scan', async () => {
    expect((await jpegCheck(fixture('jpeg-then-html.jpg'))).problem).toMatch(/marcador|JPEG/);
    expect((await jpegCheck(fixture('jpeg-truncated.jpg'))).problem).toMatch(/termina antes do fim/);
  });

  it('a JPEG with a trailer after EOI is kept without it (size and hash measured again)', async () => {
    const copy = path.join(scratch, 'trailer.jpg');
    fs.copyFileSync(fixture('jpeg-with-trailer.jpg'), copy);
    const original = fs.readFileSync(fixture('python.jpg'));
    const result = await checkFileContent('jpeg', copy, 'foto.jpg');
    expect(result).toMatchObject({ refusal: null, size: original.length });
    expect(fs.readFileSync(copy).equals(original)).toBe(true);
  });
});

describe('PDF: no JavaScript, no Launch, no attached files', () => {
  it.each([
    ['pdf-openaction-js.pdf', 'contém JavaScript'],
    ['pdf-escaped-names.pdf', 'contém JavaScript'],
    ['pdf-js-in-object-stream.pdf', 'contém JavaScript'],
    ['pdf-launch.pdf', 'Launch'],
    ['pdf-embedded-file.pdf', 'arquivos anexados'],
    ['pdf-hidden-object.pdf', 'objeto escondido'],
    ['pdf-objstm-lzw.pdf', 'não pôde ser verificado'],
    ['pdf-wrong-length.pdf', 'estrutura inconsistente'],
  ])('refuses %s', async (name, why) => {
    expect(await pdfProblem(fixture(name))).toContain(why);
  });

  it('accepts a plain PDF, and pdf-lib output with and without object streams', async () => {
    expect(await pdfProblem(fixture('pdf-plain.pdf'))).toBeNull();
    const doc = await PDFDocument.create();
    doc.addPage().drawText('Duplicata 1 0 obj de teste');
    doc.setTitle('Duplicata (assinada)');
    expect(pdfBytesProblem(Buffer.from(await doc.save()))).toBeNull();
    expect(pdfBytesProblem(Buffer.from(await doc.save({ useObjectStreams: false })))).toBeNull();
  });

  it('a stream with an indirect /Length is measured up to "endstream" and checked against that object', () => {
    const file = (length: number, data: string) => Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Length 2 0 R >>\nstream\n${data}endstream\nendobj\n2 0 obj\n${length}\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`, 'latin1');
    expect(pdfBytesProblem(file(8, 'abendstr'))).toBeNull(); // "endstre" + "ndstream": the match restarts inside
    expect(pdfBytesProblem(file(9, 'abcdefgh\n'))).toBeNull();
    expect(pdfBytesProblem(file(3, 'abendstr'))).toContain('estrutura inconsistente');
  });

  it('finds JavaScript that pdf-lib put in a compressed object stream', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    doc.addJavaScript('hello', 'app.alert(1)');
    const bytes = Buffer.from(await doc.save());
    expect(bytes.toString('latin1')).not.toContain('/JavaScript');
    expect(pdfBytesProblem(bytes)).toBe('contém JavaScript');
  });

  it('answers the same whatever the reads (names, "<<", stream ends split across chunks)', async () => {
    for (const name of fs.readdirSync(fixtures).filter((f) => f.endsWith('.pdf'))) {
      const bytes = fs.readFileSync(fixture(name));
      const whole = pdfBytesProblem(bytes);
      for (const chunk of [1, 2, 7, 64]) expect(pdfBytesProblem(bytes, chunk), `${name} in pieces of ${chunk}`).toBe(whole);
    }
  });
});

describe('damaged files never crash the checks (they answer a reason or accept)', () => {
  it('random flips and cuts of every fixture', async () => {
    const names = fs.readdirSync(fixtures).filter((f) => /\.(png|jpg|pdf)$/.test(f));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...names), fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 6 }), fc.nat(), async (name, flips, cut) => {
        const bytes = Buffer.from(fixture(name));
        for (const [at, value] of flips) bytes[at % bytes.length] = value;
        const damaged = bytes.subarray(0, bytes.length - (cut % Math.max(bytes.length, 1)));
        const file = path.join(scratch, `fuzz-${name}`);
        fs.writeFileSync(file, damaged);
        const kind = name.endsWith('.png') ? 'png' : name.endsWith('.jpg') ? 'jpeg' : 'pdf';
        const result = await checkFileContent(kind, file, name);
        expect(result.refusal === null || typeof result.refusal === 'string').toBe(true);
      }),
      { numRuns: 300, seed: 107 },
    );
  });
});

