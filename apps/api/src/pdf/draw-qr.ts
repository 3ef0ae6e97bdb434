import QRCode from 'qrcode';
import type { Pdf } from './document.js';

/** A QR code (error correction M) as vector squares, `size` points wide, with no quiet zone. */
export function drawQr(doc: Pdf, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const cell = size / n;
  doc.save().fillColor('#000');
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) if (modules.get(r, c)) doc.rect(x + c * cell, y + r * cell, cell + 0.01, cell + 0.01);
  }
  doc.fill().restore();
}
