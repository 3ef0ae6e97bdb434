import { newPdf, type Pdf } from './document.js';

/**
 * Renders a pdfkit document into one Buffer, for PDFs that are stored and hashed rather than
 * streamed (the duplicatas sent for signature, the signature certificate page). They are a few
 * pages long, so holding them in memory is fine.
 */
export async function renderPdf(title: string, write: (doc: Pdf) => Promise<unknown> | unknown): Promise<Buffer> {
  const doc = newPdf(title);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  try {
    await write(doc);
  } catch (err) {
    doc.destroy(err as Error);
    throw err;
  }
  doc.end();
  return done;
}
