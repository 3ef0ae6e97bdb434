import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness.js';
import { ensureConta, move, pdfText, releasedGarantia } from './support.js';

/**
 * Defect 7 of issue 10: the public receipt showed "Nosso número 18" while the boleto showed
 * "14000000000000019-7". One formatting function (the bank profile's) serves the slip, the
 * receipt (HTML and PDF) and the boleto's detail.
 */
let t: TestApp;
let loja: Awaited<ReturnType<TestApp['userWithToken']>>;
beforeAll(async () => {
  t = await createTestApp();
  await ensureConta(t.database.db); // the run's account: Caixa SIGCB (17 digits + DV)
  loja = await t.userWithToken();
});
afterAll(async () => t?.close());

const CAIXA_NOSSO_NUMERO = /\b\d{17}-\d\b/g;

describe('nosso número, formatted once', () => {
  it('the receipt (HTML and PDF) and the detail show it as the boleto PDF prints it', async () => {
    const { boletos } = await releasedGarantia(t.database.db, { empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id, parcelas: [15000] });
    const id = boletos[0].id;
    await move(t.database.db, id, ['remessa', 'confirmarEntrada']);

    const slip = await t.call({ method: 'GET', url: `/api/boleto/getBoleto/${id}`, token: loja.token });
    expect(slip.statusCode).toBe(200);
    const onSlip = [...new Set(pdfText(slip.rawPayload).match(CAIXA_NOSSO_NUMERO))];
    expect(onSlip).toHaveLength(1);
    const [formatted] = onSlip;

    const detail = (await t.call({ method: 'GET', url: `/api/boleto/getById/${id}`, token: loja.token })).json().data;
    expect(detail.nosso_numero_formatado).toBe(formatted);

    const baixa = await t.call({ method: 'POST', url: `/api/boleto/baixar/${id}`, token: loja.token, payload: {} });
    expect(baixa.statusCode).toBe(200);
    const token = baixa.json().data.comprovante_token as string;
    const html = await t.app.inject({ method: 'GET', url: `/api/boleto/getComprovante/${token}` });
    expect(html.body).toContain(`<th>Nosso número</th><td>${formatted}</td>`);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/boleto/getComprovante/${token}?formato=pdf` });
    expect([...new Set(pdfText(pdf.rawPayload).match(CAIXA_NOSSO_NUMERO))]).toEqual([formatted]);
  });
});
