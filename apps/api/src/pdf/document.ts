import { once } from 'node:events';
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
export const FONT = { regular: path.join(fontDir, 'DejaVuSans.ttf'), bold: path.join(fontDir, 'DejaVuSans-Bold.ttf') };

export type Pdf = InstanceType<typeof PDFDocument>;

/**
 * An A4 pdfkit document with the DejaVu TTF registered (every accent prints the same everywhere).
 * Pages are not buffered: each finished page is pushed to the stream, so a caller that pipes the
 * document to the reply never holds the whole file.
 */
export function newPdf(title: string, margin = 28): Pdf {
  const doc = new PDFDocument({ size: 'A4', margin, bufferPages: false, info: { Title: title, Author: 'Boleto Garantido' } });
  doc.registerFont('regular', FONT.regular);
  doc.registerFont('bold', FONT.bold);
  doc.font('regular');
  return doc;
}

/** Waits while the reader is behind (backpressure), so a long carnê streams at the reader's pace. */
export async function whenDrained(doc: Pdf, highWater = 1 << 20): Promise<void> {
  while (doc.readableLength > highWater && !doc.destroyed) await once(doc, 'data');
}
