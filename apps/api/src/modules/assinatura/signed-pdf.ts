import { PDFDocument } from 'pdf-lib';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import type { A1Certificate } from './pades-signer.js';

/** Room for the CMS (hex digits): a 4096-bit key and an ICP-Brasil chain of four certificates fit. */
const SIGNATURE_HEX_LENGTH = 32_768;

export type SignedPdfMeta = {
  signingTime: Date;
  reason: string;
  location: string;
  contactInfo: string;
};

/** Pages of a PDF (the original's count goes on the certificate page). */
export async function pdfPageCount(bytes: Buffer): Promise<number> {
  return (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();
}

/**
 * The signed duplicatas: the original's pages, unchanged, followed by the certificate page; with an
 * A1 certificate the file is then signed digitally (PAdES: /SubFilter ETSI.CAdES.detached, the
 * /ByteRange covering the whole file but the signature itself).
 */
export async function buildSignedPdf(original: Buffer, certificatePage: Buffer, a1: A1Certificate | null, meta: SignedPdfMeta): Promise<Buffer> {
  const doc = await PDFDocument.load(original, { updateMetadata: false });
  const cert = await PDFDocument.load(certificatePage, { updateMetadata: false });
  for (const page of await doc.copyPages(cert, cert.getPageIndices())) doc.addPage(page);
  doc.setModificationDate(meta.signingTime);
  doc.setSubject('Duplicatas de venda mercantil assinadas eletronicamente');
  if (a1) {
    pdflibAddPlaceholder({
      pdfDoc: doc,
      reason: meta.reason,
      location: meta.location,
      contactInfo: meta.contactInfo,
      name: a1.titular,
      signingTime: meta.signingTime,
      signatureLength: SIGNATURE_HEX_LENGTH,
      subFilter: SUBFILTER_ETSI_CADES_DETACHED,
      appName: 'Boleto Garantido',
    });
  }
  // classic xref table, no object streams: what @signpdf's byte-range search expects
  const saved = Buffer.from(await doc.save({ useObjectStreams: false }));
  if (!a1) return saved;
  return new SignPdf().sign(saved, a1.signer, meta.signingTime);
}
