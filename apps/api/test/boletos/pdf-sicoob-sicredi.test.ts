import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { buildBoleto, type BankCode } from '@bg/domain';
import { writeBoletoPage } from '../../src/pdf/boleto-pdf.js';
import { newPdf } from '../../src/pdf/document.js';
import type { SlipData } from '../../src/pdf/slip.js';
import { barcodesIn, pdfText } from './support.js';

/**
 * The slip of a Sicoob 756 and of a Sicredi 748 conta (issue 30, decision 124): the bank's name and
 * code with its DV in the logo-free header, the slip's numbers as the boleto engine builds them.
 */
function slip(conta: { banco: BankCode; agencia: string; codigoBeneficiario: string; carteira: string; ourNumber: number }): SlipData {
  const built = buildBoleto({ bank: conta.banco, agency: conta.agencia, beneficiaryCode: conta.codigoBeneficiario, wallet: conta.carteira, ourNumber: conta.ourNumber, amountCents: 35_000, dueDate: '2027-03-10' });
  return {
    boletoId: 5, boletoDigito: 1, parcela: 1, qtdParcelas: 1, valorCents: 35_000, vencimento: '2027-03-10', emissao: '2026-11-27',
    ...built, garantiaId: 77, garantiaDigito: 3, loja: 'Loja Teste',
    pagador: { nome: 'Ana Carolina Ribeiro', cpfCnpj: '67431982500', endereco: 'Praça Tiradentes, 120, Centro', cidadeUf: 'Curitiba/PR CEP 80010-000' },
    conta: {
      banco: conta.banco, agencia: conta.agencia, codigoBeneficiario: conta.codigoBeneficiario, carteira: conta.carteira, nome: 'Boleto Garantido Serviços Financeiros Ltda',
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

describe('Sicoob and Sicredi slips', () => {
  it('Sicoob 756: "756-0", its linha digitável and nosso número, one barcode', async () => {
    const s = slip({ banco: '756', agencia: '4327', codigoBeneficiario: '229385', carteira: '1/01', ourNumber: 2 });
    const pdf = await render(s);
    const text = pdfText(pdf);
    expect(text).toContain('756-0');
    expect(text).toContain('Sicoob');
    expect(text).toContain(s.digitableLine);
    expect(text).toContain('0000002-4');
    expect(barcodesIn(pdf)).toHaveLength(1);
  });

  it('Sicredi 748: "748-X", the agência with its posto, its nosso número ano/byte+sequencial-DV', async () => {
    const s = slip({ banco: '748', agencia: '0165.02', codigoBeneficiario: '00623', carteira: '1', ourNumber: 26_200_001 });
    const pdf = await render(s);
    const text = pdfText(pdf);
    expect(text).toContain('748-X');
    expect(text).toContain('Sicredi');
    expect(text).toContain('0165.02 / 00623');
    expect(text).toContain(s.digitableLine);
    expect(text).toMatch(/26\/200001-\d/);
    expect(barcodesIn(pdf)).toHaveLength(1);
  });
});
