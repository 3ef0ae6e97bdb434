import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { buildBoleto } from '@bg/domain';
import { writeBoletoPage } from '../../src/pdf/boleto-pdf.js';
import { newPdf } from '../../src/pdf/document.js';
import type { SlipData } from '../../src/pdf/slip.js';
import { barcodesIn, pdfText } from './support.js';

/**
 * The slip of a Santander 033 conta (issue 30, decision 125): "033-7" and the bank's name in the
 * logo-free header (barcode manual v31, p. 8), the numbers as the boleto engine builds them.
 */
function slip(): SlipData {
  const built = buildBoleto({ bank: '033', agency: '3333', beneficiaryCode: '1899775', wallet: '101', ourNumber: 456, amountCents: 35_000, dueDate: '2027-03-10' });
  return {
    boletoId: 5, boletoDigito: 1, parcela: 1, qtdParcelas: 1, valorCents: 35_000, vencimento: '2027-03-10', emissao: '2026-11-27',
    ...built, garantiaId: 77, garantiaDigito: 3, loja: 'Loja Teste',
    pagador: { nome: 'Ana Carolina Ribeiro', cpfCnpj: '67431982500', endereco: 'Praça Tiradentes, 120, Centro', cidadeUf: 'Curitiba/PR CEP 80010-000' },
    conta: {
      banco: '033', agencia: '3333', codigoBeneficiario: '1899775', carteira: '101', nome: 'Boleto Garantido Serviços Financeiros Ltda',
      cnpj: '11222333000181', endereco: 'Avenida Paulista, 1000 — Bela Vista — São Paulo/SP — CEP 01310-100', cidade: 'São Paulo', pixChave: null,
    },
  };
}

async function render(s: SlipData): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const doc = newPdf('teste');
  const done = pipeline(doc, new Writable({ write(c, _e, cb) { chunks.push(c); cb(); } }));
  await writeBoletoPage(doc, s);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

describe('Santander slip', () => {
  it('Santander 033: "033-7", its linha digitável and nosso número 12 + DV, one barcode', async () => {
    const s = slip();
    const pdf = await render(s);
    const text = pdfText(pdf);
    expect(text).toContain('033-7');
    expect(text).toContain('Santander');
    expect(text).toContain(s.digitableLine);
    expect(text).toContain('000000000456-1');
    expect(barcodesIn(pdf)).toHaveLength(1);
  });
});
