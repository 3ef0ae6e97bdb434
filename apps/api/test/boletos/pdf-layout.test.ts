import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildBoleto } from '@bg/domain';
import { writeBoletoPage } from '../../src/pdf/boleto-pdf.js';
import { writeCarne } from '../../src/pdf/carne-pdf.js';
import { newPdf, type Pdf } from '../../src/pdf/document.js';
import type { SlipData } from '../../src/pdf/slip.js';
import { barcodesIn, pdfStreams, pdfText } from './support.js';

/** A slip as the boletos module hands it to the PDF writers (Caixa SIGCB demo account). */
function slip(parcela: number, pixChave: string | null): SlipData {
  const built = buildBoleto({ bank: '104', agency: '1234', beneficiaryCode: '123456', wallet: 'RG', ourNumber: 900 + parcela, amountCents: 35000 + parcela, dueDate: `2027-0${parcela}-10` });
  return {
    boletoId: parcela, boletoDigito: 1, parcela, qtdParcelas: 4, valorCents: 35000 + parcela, vencimento: `2027-0${parcela}-10`, emissao: '2026-11-22',
    ...built, garantiaId: 77, garantiaDigito: 3, loja: 'Loja Teste',
    pagador: { nome: 'Ana Carolina Ribeiro', cpfCnpj: '67431982500', endereco: 'Praça Tiradentes, 120, Centro', cidadeUf: 'Curitiba/PR CEP 80010-000' },
    conta: {
      banco: '104', agencia: '1234', codigoBeneficiario: '123456', carteira: 'RG', nome: 'Boleto Garantido Serviços Financeiros Ltda', cnpj: '11222333000181',
      endereco: 'Avenida Paulista, 1000 — Bela Vista — São Paulo/SP — CEP 01310-100', cidade: 'São Paulo', pixChave,
    },
  };
}

async function render(write: (doc: Pdf) => Promise<unknown> | unknown): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const doc = newPdf('teste');
  const done = pipeline(doc, new Writable({ write(c, _e, cb) { chunks.push(c); cb(); } }));
  await write(doc);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** Rectangles drawn on the pages (pdfkit's `re` operator in the deflated content streams). */
function rectCount(pdf: Buffer): number {
  let n = 0;
  for (const stream of pdfStreams(pdf)) {
    try {
      n += (inflateSync(stream).toString('latin1').match(/ re\b/g) ?? []).length;
    } catch {
      // not deflated: no drawing operators in it
    }
  }
  return n;
}

async function* source(slips: SlipData[]) {
  for (const s of slips) yield s;
}

describe('boleto PDF layout', () => {
  it('draws the Interleaved 2 of 5 barcode as vector bars of 103 × 13 mm', async () => {
    const pdf = await render((doc) => writeBoletoPage(doc, slip(1, null)));
    // 44 digits: 22 pairs × 5 bars + 2 start + 2 stop bars
    expect(barcodesIn(pdf)).toEqual([{ bars: 114, widthMm: expect.closeTo(103, 2), heightMm: expect.closeTo(13, 2) }]);
  });

  it('finds exactly one full barcode in each of 250 generated boletos (streams read by their /Length)', async () => {
    // Deflated streams end in any byte, \r and \n included; a reader that cut streams by pattern
    // missed about 1 PDF in 150. Varying the nosso número and amount varies the stream bytes.
    for (let i = 0; i < 250; i++) {
      const s = slip(1, null);
      const built = buildBoleto({ bank: '104', agency: '1234', beneficiaryCode: '123456', wallet: 'RG', ourNumber: 10_000 + i * 7919, amountCents: 100 + i * 3571, dueDate: '2027-03-15' });
      const pdf = await render((doc) => writeBoletoPage(doc, { ...s, ...built, valorCents: 100 + i * 3571 }));
      expect(barcodesIn(pdf), `boleto ${i}`).toEqual([{ bars: 114, widthMm: expect.closeTo(103, 2), heightMm: expect.closeTo(13, 2) }]);
    }
  }, 120_000);

  it('holds recibo do pagador, ficha de compensação, beneficiary, payer and the instructions', async () => {
    const s = slip(2, null);
    const text = pdfText(await render((doc) => writeBoletoPage(doc, s)));
    for (const expected of [
      'Recibo do Pagador', 'Ficha de Compensação', s.digitableLine, 'Boleto Garantido Serviços Financeiros Ltda', '11.222.333/0001-81',
      'Ana Carolina Ribeiro', '674.319.825-00', 'Praça Tiradentes, 120, Centro', 'Curitiba/PR CEP 80010-000',
      'multa de 2%', 'juros de 0,33% ao dia', s.ourNumberFormatted, 'R$ 350,02', '10/02/2027',
    ]) expect(text).toContain(expected);
  });

  it('announces the guarantee only on a guarantee\'s instalment, never on a boleto avulso (issue 25)', async () => {
    const garantido = pdfText(await render((doc) => writeBoletoPage(doc, slip(1, null))));
    const avulso = pdfText(await render((doc) => writeBoletoPage(doc, { ...slip(1, null), avulso: true })));
    expect(garantido).toContain('pagamento assegurado pelo Boleto Garantido');
    expect(avulso).not.toMatch(/assegurado/i);
    expect(avulso).toContain('multa de 2%');
  });

  it('adds the Pix QR code (boleto híbrido) only when the account has a Pix key', async () => {
    const without = await render((doc) => writeBoletoPage(doc, slip(1, null)));
    const withPix = await render((doc) => writeBoletoPage(doc, slip(1, 'financeiro@boletogarantido.com.br')));
    expect(pdfText(without)).not.toContain('Pague com Pix');
    expect(pdfText(withPix)).toContain('Pague com Pix');
    // the QR modules are drawn as vector squares: hundreds more rectangles on the page with Pix
    expect(rectCount(withPix) - rectCount(without)).toBeGreaterThan(300);
  });
});

describe('pdfStreams (the test reader of PDF content)', () => {
  it('cuts each stream by its /Length, even when its last byte is \\r or \\n', () => {
    const bytes = (body: string) => Buffer.from(body, 'latin1');
    const pdf = Buffer.concat([
      bytes('%PDF-1.3\n1 0 obj\n<< /Length 4 /Filter /FlateDecode >>\nstream\n'), bytes('ab\r\r'), bytes('\nendstream\nendobj\n'),
      bytes('2 0 obj\n<< /Length 3 0 R >>\nstream\r\n'), bytes('xy\n'), bytes('\nendstream\nendobj\n3 0 obj\n3\nendobj\n'),
    ]);
    expect(pdfStreams(pdf).map((s) => s.toString('latin1'))).toEqual(['ab\r\r', 'xy\n']);
  });
});

describe('carnê PDF layout', () => {
  it('prints three slips per A4 page, each with its canhoto and a 103 × 13 mm barcode', async () => {
    const slips = [1, 2, 3, 4].map((p) => slip(p, 'financeiro@boletogarantido.com.br'));
    let count = 0;
    const pdf = await render(async (doc) => (count = await writeCarne(doc, source(slips))));
    expect(count).toBe(4);
    const pages = pdfText(pdf).split('\f').filter((p) => p.trim());
    expect(pages).toHaveLength(2);
    // the canhoto (stub) repeats the parcela and nosso número beside each ficha
    expect(pages[0].match(/Recibo do Pagador/g)).toHaveLength(3);
    expect(pages[0].match(/Ficha de Compensação/g)).toHaveLength(3);
    expect(pages[1].match(/Recibo do Pagador/g)).toHaveLength(1);
    for (const s of slips.slice(0, 3)) expect(pages[0]).toContain(`${s.parcela}/4`);
    expect(pages[1]).toContain(slips[3].digitableLine);
    const bars = barcodesIn(pdf);
    expect(bars).toHaveLength(4);
    for (const b of bars) expect(b).toEqual({ bars: 114, widthMm: expect.closeTo(103, 2), heightMm: expect.closeTo(13, 2) });
  });
});
