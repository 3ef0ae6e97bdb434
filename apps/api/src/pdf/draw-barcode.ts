import { interleaved2of5Widths } from '@bg/domain';
import type { Pdf } from './document.js';

export const MM = 72 / 25.4;
/** FEBRABAN: the boleto barcode is 103 mm wide and 13 mm tall. */
export const BARCODE_WIDTH = 103 * MM;
export const BARCODE_HEIGHT = 13 * MM;

/** The 44-digit barcode as exact vector bars (Interleaved 2 of 5, wide = 3 × narrow). */
export function drawBarcode(doc: Pdf, barcode: string, x: number, y: number): void {
  const widths = interleaved2of5Widths(barcode, { narrow: 1, wide: 3 });
  const unit = BARCODE_WIDTH / widths.reduce((a, b) => a + b, 0);
  let cursor = x;
  doc.save().fillColor('#000');
  widths.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(cursor, y, w * unit, BARCODE_HEIGHT);
    cursor += w * unit;
  });
  doc.fill().restore();
}
