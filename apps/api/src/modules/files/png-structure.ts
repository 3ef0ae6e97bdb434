import { crc32 } from 'node:zlib';
import zlib from 'node:zlib';
import { FileBytes } from './file-bytes.js';

/** Larger images are refused: an upload is a photo or a scan of a document, not a decompression bomb. */
export const MAX_IMAGE_PIXELS = 100_000_000;

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Colour type → channels, and the bit depths it allows (PNG spec §11.2.2). */
const COLOUR: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};
/** Adam7 passes: x start, y start, x step, y step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

/** Bytes the IDAT data inflates to: one filter byte plus the packed pixels of each row (of each pass). */
function expectedImageBytes(width: number, height: number, bitsPerPixel: number, interlaced: boolean): number {
  const rowBytes = (w: number) => 1 + Math.ceil((w * bitsPerPixel) / 8);
  if (!interlaced) return height * rowBytes(width);
  let total = 0;
  for (const [x0, y0, dx, dy] of ADAM7) {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    if (w > 0 && h > 0) total += h * rowBytes(w);
  }
  return total;
}

/** Waits until the inflater takes more input (or was stopped). */
function drained(stream: zlib.Inflate): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done).off('close', done);
      resolve();
    };
    stream.on('drain', done).on('close', done);
  });
}

/**
 * Whether the file is a PNG as its first bytes claim (decision 107), read as a stream: the
 * signature, IHDR first with possible values, every chunk's CRC, PLTE where the colour type needs
 * it, consecutive IDAT chunks that inflate to exactly the pixels IHDR announces, IEND last and
 * nothing after it. Answers null when it is, else what is wrong (Portuguese, for the message).
 */
export async function pngProblem(path: string): Promise<string | null> {
  const file = await FileBytes.open(path);
  try {
    return await walk(file);
  } finally {
    await file.close();
  }
}

async function walk(file: FileBytes): Promise<string | null> {
  const signature = await file.read(8);
  if (!signature || !signature.equals(SIGNATURE)) return 'assinatura PNG ausente';
  let header: { width: number; height: number; colourType: number; expected: number } | null = null;
  let sawPalette = false;
  let idat: 'none' | 'open' | 'closed' = 'none';
  let inflater: zlib.Inflate | null = null;
  let inflated = 0;
  let inflateError: Error | null = null;
  let tooMuch = false;

  for (let index = 0; ; index++) {
    const head = await file.read(8);
    if (!head) return 'o arquivo termina antes do fim da imagem (IEND)';
    const length = head.readUInt32BE(0);
    const type = head.subarray(4, 8).toString('latin1');
    if (length > 0x7fffffff) return 'bloco com tamanho impossível';
    if (!/^[A-Za-z]{4}$/.test(type)) return 'bloco com nome inválido (não é PNG)';
    if (index === 0 && type !== 'IHDR') return 'o primeiro bloco não é IHDR';
    if (index > 0 && type === 'IHDR') return 'IHDR repetido';
    if (idat === 'open' && type !== 'IDAT') idat = 'closed';
    if (type === 'IDAT' && idat === 'closed') return 'blocos IDAT separados';

    let crc = crc32(head.subarray(4, 8));
    let data: Buffer | null = null;
    if (type === 'IDAT') {
      if (!header) return 'IDAT antes de IHDR';
      if (header.colourType === 3 && !sawPalette) return 'imagem com paleta sem PLTE';
      idat = 'open';
      if (!inflater) {
        inflater = zlib.createInflate();
        inflater.on('data', (piece: Buffer) => {
          inflated += piece.length;
          if (inflated > header!.expected && !tooMuch) {
            tooMuch = true;
            inflater!.destroy();
          }
        });
        inflater.on('error', (err) => (inflateError = err));
      }
      const sink = inflater;
      const ok = await file.pass(length, async (piece) => {
        crc = crc32(piece, crc);
        if (!tooMuch && !inflateError && !sink.write(Buffer.from(piece))) await drained(sink);
      });
      if (!ok) return 'o arquivo termina no meio de um bloco';
    } else if (length <= 1 << 20) {
      data = await file.read(length);
      if (!data) return 'o arquivo termina no meio de um bloco';
      data = Buffer.from(data);
      crc = crc32(data, crc);
    } else if (!(await file.pass(length, (piece) => void (crc = crc32(piece, crc))))) {
      return 'o arquivo termina no meio de um bloco';
    }
    const stored = await file.read(4);
    if (!stored) return 'o arquivo termina no meio de um bloco';
    if (stored.readUInt32BE(0) !== crc >>> 0) return `CRC errado no bloco ${type}`;
    if (tooMuch) return 'os dados da imagem passam do tamanho anunciado';
    if (inflateError) return 'dados da imagem corrompidos';

    if (type === 'IHDR') {
      if (!data || length !== 13) return 'IHDR com tamanho errado';
      const width = data.readUInt32BE(0);
      const height = data.readUInt32BE(4);
      const [depth, colourType, compression, filter, interlace] = [data[8], data[9], data[10], data[11], data[12]];
      const colour = COLOUR[colourType];
      if (!width || !height || width > 0x7fffffff || height > 0x7fffffff) return 'dimensões inválidas';
      if (!colour || !colour.depths.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1) return 'cabeçalho IHDR inválido';
      if (width * height > MAX_IMAGE_PIXELS) return `imagem grande demais (${width} × ${height} pixels)`;
      header = { width, height, colourType, expected: expectedImageBytes(width, height, colour.channels * depth, interlace === 1) };
    } else if (type === 'PLTE') {
      if (idat !== 'none') return 'PLTE depois dos dados da imagem';
      if (length === 0 || length % 3 !== 0 || length > 768) return 'PLTE inválido';
      sawPalette = true;
    } else if (type === 'IEND') {
      if (length !== 0) return 'IEND com conteúdo';
      if (idat === 'none' || !inflater) return 'PNG sem dados de imagem (IDAT)';
      const sink = inflater;
      await new Promise<void>((resolve) => {
        sink.once('end', resolve).once('close', resolve).once('error', () => resolve());
        sink.end();
        sink.resume();
      });
      if (inflateError) return 'dados da imagem corrompidos';
      if (inflated !== header!.expected) return 'os dados da imagem não conferem com as dimensões anunciadas';
      if (!(await file.atEnd())) return 'há conteúdo depois do fim da imagem (IEND)';
      return null;
    } else if (type !== 'IDAT' && (type.charCodeAt(0) & 0x20) === 0) {
      // an unknown critical chunk (upper-case first letter): no decoder could show the image
      return `bloco crítico desconhecido (${type})`;
    }
  }
}
