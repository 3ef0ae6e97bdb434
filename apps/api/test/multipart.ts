import zlib from 'node:zlib';
/** A real 1×1 PNG (the uploads check the whole structure, decision 107) and a minimal PDF. */
export const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63fccfc0500f000485018084a98c210000000049454e44ae426082', 'hex');
/**
 * A valid 1×1 PNG made unique by a tEXt chunk carrying `text` (uploads are checked by content:
 * bytes after IEND are refused, so a file cannot be made unique by appending to it).
 */
export function uniquePng(text: string): Buffer {
  const data = Buffer.concat([Buffer.from('Comment\0', 'latin1'), Buffer.from(text, 'latin1')]);
  const type = Buffer.from('tEXt', 'latin1');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([type, data])));
  const iend = PNG.length - 12; // the IEND chunk: length, type, CRC
  return Buffer.concat([PNG.subarray(0, iend), length, type, data, crc, PNG.subarray(iend)]);
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

export type UploadFile = { name: string; data: Buffer; type?: string };

/**
 * A multipart/form-data body for `app.inject`: the text fields first (the upload use-cases read
 * them before the files), then each file under "arquivo" (the spec's field name).
 */
export function multipart(fields: Record<string, string>, files: UploadFile[]) {
  const boundary = '----bgtest' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`));
    chunks.push(f.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
