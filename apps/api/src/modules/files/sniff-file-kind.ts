/**
 * File kinds checked by content (magic bytes), never by name or declared type.
 */
export type FileKind = 'jpeg' | 'png' | 'pdf' | 'text';

export const KIND_INFO: Record<FileKind, { contentType: string; ext: string; label: string }> = {
  jpeg: { contentType: 'image/jpeg', ext: 'jpg', label: 'JPEG' },
  png: { contentType: 'image/png', ext: 'png', label: 'PNG' },
  pdf: { contentType: 'application/pdf', ext: 'pdf', label: 'PDF' },
  text: { contentType: 'text/plain; charset=utf-8', ext: 'txt', label: 'texto' },
};

/** Identifies the kind from the first bytes of the file (at least 8 are needed). */
export function sniffFileKind(head: Buffer): FileKind | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.length >= 5 && head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (head.length > 0 && isPlainText(head)) return 'text';
  return null;
}

/** Printable ASCII/Latin-1 plus CR, LF and tab: what bank text files (CNAB) contain. */
function isPlainText(bytes: Buffer): boolean {
  for (const b of bytes) {
    if (b === 0x09 || b === 0x0a || b === 0x0d) continue;
    if (b < 0x20 || b === 0x7f) return false;
  }
  return true;
}
