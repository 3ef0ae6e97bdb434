import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { e2eServerNow } from '../support/relogio-e2e';
import { failOnConsoleErrors, openAs } from '../support/session';
import { isoInMonths, randomCpf } from '../support/test-data';

/**
 * Issue 28 end to end: the shop creates an API key and a webhook endpoint in the UI, its system
 * requests a guarantee through the public API (Idempotency-Key), the administrador approves it in
 * the UI, and the shop's receiver — a real HTTP server started by this test — gets
 * `garantia.aprovada` signed with the endpoint's secret. The signature is checked here with
 * node:crypto from docs/api.md's description, not with the app's code.
 */
type Recebido = { headers: http.IncomingHttpHeaders; body: string };

function assinaturaConfere(header: string | string[] | undefined, body: string, secret: string): boolean {
  if (typeof header !== 'string') return false;
  const parts = header.split(',').map((p) => p.split('='));
  const t = parts.find(([k]) => k === 't')?.[1];
  // the receiver's clock is the sender's: the suite's server may run on a shifted clock (CLOCK_START, decision 122)
  if (!t || Math.abs(e2eServerNow().getTime() / 1000 - Number(t)) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return parts.some(([k, v]) => k === 'v1' && Buffer.from(v, 'hex').length === expected.length && timingSafeEqual(Buffer.from(v, 'hex'), expected));
}

test('[INTEGRACAO]: a key and a webhook made in the UI, a guarantee requested by the API and approved in the UI reach the receiver signed', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const recebidos: Recebido[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      recebidos.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bg-webhook`;

  try {
    // the shop: an API key (Integrações) and an endpoint for garantia.aprovada (Webhooks), each secret shown once
    const loja = await (await browser.newContext()).newPage();
    const lojaErrors = failOnConsoleErrors(loja);
    await openAs(loja, 'loja', '/administracao/integracoes');
    await loja.getByRole('button', { name: 'Nova chave' }).click();
    await loja.getByLabel('Nome').fill(`ERP e2e ${Date.now()}`);
    await loja.getByLabel(/\(garantias:write\)/).check();
    await loja.getByRole('button', { name: 'Criar chave' }).click();
    const chave = (await loja.getByLabel('Chave de API gerada').innerText()).trim();
    expect(chave.length).toBeGreaterThan(20);
    await loja.getByRole('button', { name: 'Já guardei' }).click();

    await loja.goto('/administracao/webhooks');
    await loja.getByRole('button', { name: 'Novo webhook' }).click();
    await loja.getByLabel(/Endereço \(URL\)/).fill(url);
    await loja.getByLabel('Descrição').fill('Receptor do teste e2e');
    await loja.getByLabel(/Todos os eventos/).uncheck();
    await loja.getByLabel(/Garantia aprovada/).check();
    await loja.getByRole('button', { name: 'Cadastrar webhook' }).click();
    const segredo = (await loja.getByLabel('Segredo do webhook').innerText()).trim();
    expect(segredo).toMatch(/^whsec_/);
    await loja.getByRole('button', { name: 'Já guardei' }).click();
    await expect(loja.getByRole('table', { name: 'Webhooks' }).getByText(url)).toBeVisible();

    // the shop's system requests a guarantee through the public API
    const cpf = randomCpf();
    const nome = `Cliente Webhook ${Date.now()}`;
    const body = {
      cpf_cnpj: cpf, nome_razao: nome, data_nascimento: '1988-05-05', cep: '01310100', endereco: 'Avenida Paulista', numero: '12',
      bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP', ref_pessoal: 'Ana Referência', tel_ref_pessoal: '11912345678', ocupacao: 'Professora',
      renda: 3200, telefone1: '11987654321', qtd_titulos: 2,
      titulos: [{ parcela: 1, valor: 300, vencimento: isoInMonths(1) }, { parcela: 2, valor: 300, vencimento: isoInMonths(2) }],
    };
    const headers = { authorization: `Bearer ${chave}`, 'idempotency-key': randomUUID() };
    const pedido = await request.post('/api/v1/garantias', { headers, data: body });
    expect(pedido.status(), await pedido.text()).toBe(200);
    const garantia = (await pedido.json()).data as { id: number; protocolo: string; status: string };
    expect(garantia.status).toBe('PENDENTE');
    // the same key and body answer the stored answer: one guarantee
    const repetido = await request.post('/api/v1/garantias', { headers, data: body });
    expect((await repetido.json()).data.id).toBe(garantia.id);

    // the administrador approves it in Análise da Garantia
    const admin = await (await browser.newContext()).newPage();
    const adminErrors = failOnConsoleErrors(admin);
    await openAs(admin, 'admin', '/operacao/garantias');
    await admin.getByPlaceholder('Pesquisar por nome ou CPF/CNPJ').fill(nome);
    await admin.getByPlaceholder('Pesquisar por nome ou CPF/CNPJ').press('Enter');
    await admin.getByRole('row').filter({ hasText: garantia.protocolo }).click();
    await expect(admin.getByRole('heading', { name: `Análise da Garantia ${garantia.protocolo}` })).toBeVisible();
    await admin.getByRole('button', { name: 'Aprovar' }).click();
    await admin.getByRole('button', { name: 'Sim, aprovar garantia' }).click();
    await expect(admin.getByText('Tudo Certo!')).toBeVisible();

    // the receiver gets garantia.aprovada, signed with the endpoint's secret
    await expect.poll(() => recebidos.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const evento = recebidos[0];
    expect(assinaturaConfere(evento.headers['x-assinatura'], evento.body, segredo)).toBe(true);
    expect(assinaturaConfere(evento.headers['x-assinatura'], evento.body, `${segredo}x`)).toBe(false);
    const json = JSON.parse(evento.body) as { id: string; tipo: string; sequencia: number; dados: { garantia: { id: number; status: string } } };
    expect(json).toMatchObject({ tipo: 'garantia.aprovada', sequencia: 1, dados: { garantia: { id: garantia.id, status: 'APROVADO' } } });
    expect(evento.headers['x-evento-id']).toBe(json.id);

    // the shop's delivery log shows it delivered
    await loja.goto('/administracao/webhooks');
    await loja.getByRole('table', { name: 'Webhooks' }).getByRole('row').filter({ hasText: url }).getByRole('link', { name: /Entregas do webhook/ }).click();
    const entregas = loja.getByRole('table', { name: 'Entregas' });
    await expect(entregas.getByText('Garantia aprovada')).toBeVisible();
    await expect(entregas.getByText('ENTREGUE')).toBeVisible();
    lojaErrors();
    adminErrors();
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
