import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBoleto, buildPixBrCode, crc16ccitt, toCents, type BankCode } from '@bg/domain';
import { boletoX } from '../../src/db/schema/boleto-extra.js';
import { contaCobranca } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../harness.js';
import { ensureConta, releasedGarantia } from './support.js';

/**
 * The boleto híbrido's QR code is drawn as vector squares; this proves it survives printing: the
 * PDF page is rasterised by poppler (as a printer/viewer would) and read back by a QR decoder.
 */
let t: TestApp;
let loja: Awaited<ReturnType<TestApp['userWithToken']>>;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-pixqr-'));
beforeAll(async () => {
  t = await createTestApp();
  await ensureConta(t.database.db);
  loja = await t.userWithToken();
});
afterAll(async () => {
  fs.rmSync(tmp, { recursive: true, force: true });
  await t?.close();
});

/** Page 1 of a PDF at 200 dpi, decoded to RGBA pixels. */
function renderPage1(pdf: Buffer): PNG {
  const file = path.join(tmp, `p${Date.now()}.pdf`);
  fs.writeFileSync(file, pdf);
  const prefix = file.replace(/\.pdf$/, '');
  execFileSync('pdftoppm', ['-r', '200', '-png', '-f', '1', '-l', '1', '-singlefile', file, prefix]);
  return PNG.sync.read(fs.readFileSync(`${prefix}.png`));
}

/** Decodes the QR code of a page; the whole page first, then its upper-right quarter (where the QR sits). */
function decodeQr(png: PNG): string | null {
  const full = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (full) return full.data;
  const x0 = Math.floor(png.width / 2);
  const w = png.width - x0;
  const h = Math.floor(png.height / 4);
  const crop = new Uint8ClampedArray(w * h * 4);
  for (let row = 0; row < h; row++) png.data.copy(Buffer.from(crop.buffer), row * w * 4, (row * png.width + x0) * 4, (row * png.width + png.width) * 4);
  return jsQR(crop, w, h)?.data ?? null;
}

describe('Pix QR code on the boleto PDF', () => {
  it('is scannable and carries the BR Code of the boleto (key, name, city, amount, txid) with a valid CRC', async () => {
    const { boletos } = await releasedGarantia(t.database.db, {
      empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id, parcelas: [23456, 10000], primeiroVencimento: '2026-12-15',
    });
    const id = boletos[0].id;
    const detail = (await t.call({ method: 'GET', url: `/api/boleto/getById/${id}`, token: loja.token })).json().data;
    // the account the boleto was numbered under (not necessarily today's active one)
    const [{ conta }] = await t.database.db
      .select({ conta: contaCobranca })
      .from(boletoX)
      .innerJoin(contaCobranca, eq(contaCobranca.id, boletoX.conta_cobranca_id))
      .where(eq(boletoX.id, id));
    expect(conta.pix_chave, 'the test account must have a Pix key').toBeTruthy();
    const amountCents = toCents(String(detail.valor));
    expect(amountCents).toBe(23456);

    const res = await t.call({ method: 'GET', url: `/api/boleto/getBoleto/${id}`, token: loja.token });
    expect(res.statusCode).toBe(200);
    const decoded = decodeQr(renderPage1(res.rawPayload));
    expect(decoded, 'no QR code found on page 1').not.toBeNull();

    // the txid is "BG" + the digits of the printed nosso número, at most 25 characters (pdf/slip.ts)
    const { ourNumberFormatted } = buildBoleto({
      bank: conta.banco as BankCode, agency: conta.agencia, account: conta.conta ?? undefined,
      beneficiaryCode: conta.codigo_beneficiario, wallet: conta.carteira,
      ourNumber: detail.nosso_numero, amountCents, dueDate: detail.vencimento,
    });
    const expected = buildPixBrCode({
      key: conta.pix_chave!, name: conta.nome, city: conta.cidade, amountCents,
      txid: `BG${ourNumberFormatted.replace(/\D/g, '')}`.slice(0, 25),
    });
    expect(decoded).toBe(expected);
    expect(decoded!.slice(-8, -4)).toBe('6304');
    expect(decoded!.slice(-4)).toBe(crc16ccitt(decoded!.slice(0, -4)));
    expect(decoded).toContain('5406234.56'); // field 54, length 06, amount 234.56
  });
});
