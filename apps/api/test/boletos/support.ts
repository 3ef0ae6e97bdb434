import { execFileSync } from 'node:child_process';
import { inflateSync } from 'node:zlib';
import type { BoletoAction, ContaCobrancaInput } from '@bg/domain';
import type { Db } from '../../src/db/client.js';
import { createGarantia, type GarantiaFactoryInput } from '../../src/factories/garantia.js';
import { changeSituacao } from '../../src/modules/boletos/change-situacao.js';
import { issueBoletosOnRelease } from '../../src/modules/boletos/issue-boletos-on-release.js';
import { activeContaCobranca } from '../../src/modules/conta-cobranca/active-conta-cobranca.js';
import { insertContaCobranca } from '../../src/modules/conta-cobranca/insert-conta-cobranca.js';

export const CAIXA_DEMO: ContaCobrancaInput = {
  banco: '104', agencia: '1234', conta: null, codigo_beneficiario: '123456', carteira: 'RG',
  nome: 'Boleto Garantido Serviços Financeiros Ltda', cnpj: '11222333000181', cep: '01310100',
  endereco: 'Avenida Paulista', numero: '1000', bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP',
  pix_chave: 'financeiro@boletogarantido.com.br',
};

/** The run's database shares one active account; the first file that needs it creates it. */
export async function ensureConta(db: Db) {
  return db.transaction(async (tx) => (await activeContaCobranca(tx)) ?? insertContaCobranca(tx, CAIXA_DEMO, 'SEED', null));
}

/** An APROVADO guarantee released with "Libera Boleto(s)" (the garantias module's call). */
export async function releasedGarantia(db: Db, input: GarantiaFactoryInput) {
  return db.transaction(async (tx) => {
    const g = await createGarantia(tx, { status: 'APROVADO', libera_boleto: 'S', ...input });
    await issueBoletosOnRelease(tx, g.garantia.id, { id: input.usuario_id, ip: null });
    return g;
  });
}

export async function move(db: Db, boletoId: number, actions: BoletoAction[]) {
  for (const a of actions) await db.transaction((tx) => changeSituacao(tx, boletoId, a, { id: null, ip: null }, 'teste'));
}

/** The text of a PDF, by poppler's pdftotext. */
export function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
}

const MM = 72 / 25.4;

/**
 * Every content stream of a PDF, cut by the `/Length` of its dictionary (never by searching for
 * `endstream`: compressed bytes may end in `\r` or `\n`, which a pattern would eat). pdfkit writes
 * direct lengths; an indirect one (`/Length 12 0 R`) is resolved from its object.
 */
export function pdfStreams(pdf: Buffer): Buffer[] {
  const text = pdf.toString('latin1');
  const streams: Buffer[] = [];
  const dictWithStream = /<<((?:[^<>]|<<(?:[^<>]|<<[^<>]*>>)*>>)*)>>\s*stream(\r\n|\n)/g;
  for (const m of text.matchAll(dictWithStream)) {
    const lengthRef = /\/Length (\d+)(?: (\d+) R)?/.exec(m[1]);
    if (!lengthRef) continue;
    let length = Number(lengthRef[1]);
    if (lengthRef[2] !== undefined) {
      const obj = new RegExp(`(?:^|\\s)${lengthRef[1]} ${lengthRef[2]} obj\\s*(\\d+)`).exec(text);
      if (!obj) continue;
      length = Number(obj[1]);
    }
    const start = m.index + m[0].length;
    streams.push(pdf.subarray(start, start + length));
  }
  return streams;
}

/**
 * The barcodes drawn in a PDF, measured from its content streams: pdfkit writes each bar as an
 * `x y w h re` rectangle in points; bars are grouped by their top edge. Answers each barcode's
 * bar count and its overall width and height in millimetres.
 */
export function barcodesIn(pdf: Buffer): { bars: number; widthMm: number; heightMm: number }[] {
  const found: { bars: number; widthMm: number; heightMm: number }[] = [];
  for (const stream of pdfStreams(pdf)) {
    let content: string;
    try {
      content = inflateSync(stream).toString('latin1');
    } catch {
      continue; // not deflated (or not a content stream): no bars in it
    }
    const rects = [...content.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re/g)].map((r) => r.slice(1, 5).map(Number));
    // barcode bars are the only rectangles taller than 30 pt and narrower than 3 pt
    const bars = rects.filter(([, , w, h]) => h > 30 && w < 3);
    const byTop = new Map<string, number[][]>();
    for (const b of bars) byTop.set(b[1].toFixed(2), [...(byTop.get(b[1].toFixed(2)) ?? []), b]);
    for (const group of byTop.values()) {
      const left = Math.min(...group.map((b) => b[0]));
      const right = Math.max(...group.map((b) => b[0] + b[2]));
      found.push({ bars: group.length, widthMm: (right - left) / MM, heightMm: group[0][3] / MM });
    }
  }
  return found;
}
