import { execFileSync } from 'node:child_process';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { writeDuplicatas, type DuplicataData } from '../../src/pdf/duplicata-pdf.js';
import { newPdf } from '../../src/pdf/document.js';

const MARGIN = 28; // newPdf's default
const A4_WIDTH = 595.28;

function duplicata(praca: string): DuplicataData {
  const parte = { nome: 'Loja Demo Comércio de Móveis Ltda', documento: '11222333000181', endereco: 'Rua Augusta, 1500', cep: '01304001', cidadeUf: 'São Paulo/SP' };
  return {
    garantiaId: 77, garantiaDigito: 3, emissao: '2026-11-22', emitente: parte,
    sacado: { ...parte, nome: 'Ana Carolina Ribeiro', documento: '67431982500' },
    praca,
    parcelas: [{ parcela: 1, total: 2, valorCents: 35000, vencimento: '2027-01-10' }],
  };
}

async function render(d: DuplicataData): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const doc = newPdf('duplicata');
  const done = pipeline(doc, new Writable({ write(c, _e, cb) { chunks.push(c); cb(); } }));
  writeDuplicatas(doc, d);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

type Word = { text: string; xMin: number; xMax: number; yMin: number; yMax: number };

/** Every word with its box, in PDF points (pdftotext -bbox). */
function words(pdf: Buffer): Word[] {
  const html = execFileSync('pdftotext', ['-bbox', '-', '-'], { input: pdf }).toString('utf8');
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
    xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]), text: m[5],
  }));
}

describe('duplicata PDF: Praça de pagamento (issue 25)', () => {
  it.each([
    // what duplicata-data.ts writes, with a long city name: one line, a little smaller
    'Santa Bárbara d\u2019Oeste/SP — pagável por boleto bancário em qualquer banco ou correspondente',
    // longer still: two lines at 6 pt, whole
    'São José do Rio Preto/SP, Rua Bernardino de Campos, 3000, sala 12 — pagável por boleto bancário em qualquer banco, lotérica ou correspondente bancário',
  ])('keeps the whole place of payment inside its box: %s', async (praca) => {
    const all = words(await render(duplicata(praca)));
    const label = all.find((w) => w.text === 'Praça');
    expect(label).toBeDefined();
    const boxRight = MARGIN + (A4_WIDTH - 2 * MARGIN) * 0.65;
    // the value: the words under the label and above the next row's label
    const value = all.filter((w) => w.yMin > label!.yMax && w.yMax <= label!.yMin + 24 && w.xMin < boxRight - 1);
    expect(value.map((w) => w.text).join(' ')).toBe(praca.replace('\u2019', '’'));
    for (const w of value) expect(w.xMax, w.text).toBeLessThanOrEqual(boxRight);
    // nothing of it spills into the "Condição" box beside it
    const condicao = all.find((w) => w.text === 'Condição')!;
    expect(all.filter((w) => w.yMin > label!.yMax && w.yMax < label!.yMin + 24 && w.xMin >= boxRight - 1).map((w) => w.text).join(' ')).toBe('Parcela 1 de 2 — a prazo');
    expect(condicao.xMin).toBeGreaterThan(boxRight);
  });
});
