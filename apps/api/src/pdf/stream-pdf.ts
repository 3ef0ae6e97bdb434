import type { FastifyReply } from 'fastify';
import { newPdf, type Pdf } from './document.js';

/**
 * Answers a PDF by piping the pdfkit document to the reply while `write` fills it. Everything that
 * can be refused (permissions, states) is checked before this is called, so a refusal is still a
 * JSON answer; a failure in the middle of writing aborts the stream (the client sees a cut file).
 */
export function streamPdf(reply: FastifyReply, title: string, filename: string, write: (doc: Pdf) => Promise<unknown> | unknown) {
  const doc = newPdf(title);
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${filename.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'private, no-store');
  void (async () => {
    try {
      await write(doc);
      doc.end();
    } catch (err) {
      reply.log.error({ err }, 'pdf generation failed');
      doc.destroy(err as Error);
    }
  })();
  return reply.send(doc);
}
