import { FileBytes } from './file-bytes.js';
import { MAX_IMAGE_PIXELS } from './png-structure.js';

/** Start-of-frame markers (baseline, extended, progressive, lossless; Huffman or arithmetic). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
/** Other markers with a length that may stand between frames and scans (ITU T.81 table B.1). */
const SEGMENT = new Set([0xc4, 0xc8, 0xcc, 0xdb, 0xdc, 0xdd, 0xde, 0xdf, 0xfe, ...Array.from({ length: 16 }, (_, i) => 0xe0 + i), ...Array.from({ length: 14 }, (_, i) => 0xf0 + i)]);

export type JpegCheck = { problem: string } | { problem: null; /** Bytes from the start to the image's end (EOI included). */ imageBytes: number };

/**
 * Whether the file is a JPEG as its first bytes claim (decision 107), read as a stream: SOI, then
 * marker segments with consistent lengths, one frame header (SOF) with possible values before the
 * first scan, scans (SOS) whose entropy-coded data ends at a real marker, and EOI. What follows the
 * EOI is not part of the image — a phone's trailer (Samsung), the video of a "motion photo", a
 * camera's preview (MPF), or HTML — so `imageBytes` says where the image ends and the caller keeps
 * only that.
 */
export async function jpegCheck(path: string): Promise<JpegCheck> {
  const file = await FileBytes.open(path);
  try {
    const problem = await oneImage(file);
    return problem ? { problem } : { problem: null, imageBytes: file.offset };
  } finally {
    await file.close();
  }
}

/** One SOI … EOI image: null when whole, else the problem. */
async function oneImage(file: FileBytes): Promise<string | null> {
  const soi = await file.read(2);
  if (!soi || soi[0] !== 0xff || soi[1] !== 0xd8) return 'marcador SOI ausente';
  let frame = false;
  let scans = 0;
  let marker = await nextMarker(file);
  for (;;) {
    if (marker === -1) return 'o arquivo termina antes do fim da imagem (EOI)';
    if (marker === -2) return 'conteúdo que não é JPEG onde se esperava um marcador';
    if (marker === 0xd9) return frame && scans ? null : 'imagem sem quadro ou sem dados (SOF/SOS)';
    if (marker === 0xd8) return 'SOI repetido';
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      marker = await nextMarker(file);
      continue;
    }
    const lengthBytes = await file.read(2);
    if (!lengthBytes) return 'o arquivo termina no meio de um segmento';
    const length = lengthBytes.readUInt16BE(0);
    if (length < 2) return 'segmento com tamanho inválido';
    if (SOF.has(marker)) {
      const body = await file.read(length - 2);
      if (!body) return 'o arquivo termina no meio de um segmento';
      if (frame) return 'mais de um quadro (SOF) na imagem';
      if (body.length < 6) return 'cabeçalho SOF inválido';
      const [precision, height, width, components] = [body[0], body.readUInt16BE(1), body.readUInt16BE(3), body[5]];
      if (length !== 8 + 3 * components || components < 1 || components > 4) return 'cabeçalho SOF inválido';
      // lossless frames (SOF3, SOF11) take 2–16 bits; the others 8 or 12 (16 is allowed by some encoders)
      const lossless = marker === 0xc3 || marker === 0xcb;
      if (!width || (lossless ? precision < 2 || precision > 16 : ![8, 12, 16].includes(precision))) return 'cabeçalho SOF inválido';
      if (width * height > MAX_IMAGE_PIXELS) return `imagem grande demais (${width} × ${height} pixels)`;
      frame = true;
      marker = await nextMarker(file);
    } else if (marker === 0xda) {
      const body = await file.read(length - 2);
      if (!body) return 'o arquivo termina no meio de um segmento';
      if (!frame) return 'dados de imagem (SOS) antes do quadro (SOF)';
      const count = body.length ? body[0] : 0;
      if (count < 1 || count > 4 || length !== 6 + 2 * count) return 'cabeçalho SOS inválido';
      scans++;
      marker = await afterEntropyData(file);
    } else if (SEGMENT.has(marker)) {
      if (marker === 0xdd && length !== 4) return 'segmento DRI inválido';
      if (!(await file.pass(length - 2))) return 'o arquivo termina no meio de um segmento';
      marker = await nextMarker(file);
    } else {
      return `marcador desconhecido (0x${marker.toString(16)})`;
    }
  }
}

/** The next marker: 0xFF (fill bytes allowed) then its code; -1 at the end; -2 when not a marker. */
async function nextMarker(file: FileBytes): Promise<number> {
  let b = await file.byte();
  if (b === -1) return -1;
  if (b !== 0xff) return -2;
  while (b === 0xff) b = await file.byte();
  return b === 0 ? -2 : b;
}

/** Skips entropy-coded data (FF 00 stuffing, RST markers) and answers the marker that ends it. */
async function afterEntropyData(file: FileBytes): Promise<number> {
  for (;;) {
    let b = await file.byte();
    if (b === -1) return -1;
    if (b !== 0xff) continue;
    while (b === 0xff) b = await file.byte();
    if (b === -1) return -1;
    if (b === 0x00 || (b >= 0xd0 && b <= 0xd7)) continue;
    return b;
  }
}
