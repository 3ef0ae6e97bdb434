import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCpfCnpj, parseDigitableLine, todayInSaoPaulo } from '@bg/domain';
import { createGarantia } from '../../src/factories/garantia.js';
import { createTestApp, type TestApp } from '../harness.js';
import { barcodesIn, ensureConta, move, pdfText, releasedGarantia } from './support.js';

let t: TestApp;
let loja: Awaited<ReturnType<TestApp['userWithToken']>>;
let outra: Awaited<ReturnType<TestApp['userWithToken']>>;
beforeAll(async () => {
  t = await createTestApp();
  await ensureConta(t.database.db);
  loja = await t.userWithToken();
  outra = await t.userWithToken();
});
afterAll(async () => t?.close());

const get = (url: string, token: string) => t.call({ method: 'GET', url, token });

describe('boleto and carnê PDFs', () => {
  it('release stores nosso número, barcode and linha that decode back to valor and vencimento', async () => {
    const { boletos } = await releasedGarantia(t.database.db, {
      empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id, parcelas: [12345, 20000], primeiroVencimento: '2026-12-10',
    });
    const res = await get(`/api/boleto/getById/${boletos[0].id}`, loja.token);
    expect(res.statusCode).toBe(200);
    const b = res.json().data;
    expect(b).toMatchObject({ situacao: 'DISPONÍVEL PARA PAGAMENTO', valor: 123.45, vencimento: '2026-12-10' });
    expect(b.nosso_numero).toBeGreaterThan(0);
    const parsed = parseDigitableLine(b.linha_digitavel, todayInSaoPaulo());
    expect(parsed).toMatchObject({ bank: '104', amountCents: 12345, dueDate: '2026-12-10' });
    expect(b.historico.map((h: { para: string }) => h.para)).toEqual(['DISPONÍVEL PARA PAGAMENTO']);
  });

  it('getBoleto is a valid PDF whose text holds the linha digitável, for the owner only', async () => {
    const { boletos } = await releasedGarantia(t.database.db, { empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id });
    const res = await get(`/api/boleto/getBoleto/${boletos[1].id}`, loja.token);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const detail = (await get(`/api/boleto/getById/${boletos[1].id}`, loja.token)).json().data;
    const text = pdfText(res.rawPayload);
    expect(text).toContain(detail.linha_digitavel);
    expect(text).toContain('Recibo do Pagador');
    expect(text).toContain('multa de 2%');
    expect(text).toContain('juros de 0,33% ao dia');
    expect(text).toContain('Boleto Garantido Serviços Financeiros Ltda');
    expect(text).toContain(formatCpfCnpj(detail.cpf_cnpj));
    expect(barcodesIn(res.rawPayload)).toEqual([{ bars: 114, widthMm: expect.closeTo(103, 2), heightMm: expect.closeTo(13, 2) }]);
    expect((await get(`/api/boleto/getBoleto/${boletos[1].id}`, outra.token)).statusCode).toBe(404);
  });

  it('getCarneBoleto holds every open instalment, three per page', async () => {
    const { garantia, boletos } = await releasedGarantia(t.database.db, {
      empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id, parcelas: [10000, 10000, 10000, 10000, 10001],
    });
    await move(t.database.db, boletos[4].id, ['cancelar']);
    const res = await get(`/api/boleto/getCarneBoleto/${garantia.id}/1`, loja.token);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages).toHaveLength(2);
    const list = (await get(`/api/boleto/getGarantiaImpressao/${garantia.id}`, loja.token)).json().data.boletos;
    for (const b of list.slice(0, 4)) expect(text).toContain(b.linha_digitavel);
    expect(text).not.toContain(list[4].linha_digitavel);
  });

  it('refuses slips before release with 409 and a clear message', async () => {
    const pre = await createGarantia(t.database.db, { empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id, status: 'APROVADO', libera_boleto: 'N' });
    const pend = await createGarantia(t.database.db, { empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id });
    for (const url of [`/api/boleto/getCarneBoleto/${pre.garantia.id}/1`, `/api/boleto/getBoleto/${pre.boletos[0].id}`, `/api/boleto/getCarneBoleto/${pend.garantia.id}/1`]) {
      const res = await get(url, loja.token);
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toMatch(/ainda não foram liberados/);
    }
    const imp = (await get(`/api/boleto/getGarantiaImpressao/${pre.garantia.id}`, loja.token)).json().data;
    expect(imp.situacao).toBe('PRÉ APROVADO');
  });

  it('refuses a boleto that is no longer payable', async () => {
    const { boletos } = await releasedGarantia(t.database.db, { empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id });
    await move(t.database.db, boletos[0].id, ['quitar']);
    const res = await get(`/api/boleto/getBoleto/${boletos[0].id}`, loja.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('Este boleto não pode ser impresso: está QUITADO.');
  });

  it('getDuplicataAll prints one duplicata per instalment of an approved guarantee', async () => {
    const pre = await createGarantia(t.database.db, {
      empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id, status: 'APROVADO', parcelas: [123456, 5000],
    });
    const res = await get(`/api/boleto/getDuplicataAll/${pre.garantia.id}`, loja.token);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text.match(/^\s*DUPLICATA DE VENDA MERCANTIL\s*$/gm)).toHaveLength(2);
    expect(text).toContain('mil, duzentos e trinta e quatro reais e cinquenta e seis centavos');
    const pend = await createGarantia(t.database.db, { empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id });
    expect((await get(`/api/boleto/getDuplicataAll/${pend.garantia.id}`, loja.token)).statusCode).toBe(409);
  });
});
