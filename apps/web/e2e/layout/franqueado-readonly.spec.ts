import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken } from '../support/api';
import { failOnConsoleErrors, openAsUser } from '../support/session';

/**
 * Issue 25, "only the actions one may take": a franqueado reads its franchisees' guarantees and
 * boletos (DOMAIN.md "Tenancy") and is offered no write action on them — no Receber, no
 * Assinatura digital, no duplicata upload — and nobody is offered a slip, a carnê or a signature
 * request for instalments already paid. The franqueado is one of its own, made here by the
 * administrador (the demo franqueado's password is changed by the session specs).
 */
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const PAYABLE = ['DISPONÍVEL PARA PAGAMENTO', 'ENVIADO PARA REGISTRO', 'GARANTIDO'];

type Parcela = { situacao: string | null };
type Garantia = { id: number; fantasia: string; status: string; libera_boleto: string; boletos: Parcela[] };

/** A franqueado of Franquia Demo (whose franchisee is Loja Demo), made through the API. */
async function novoFranqueado(request: APIRequestContext) {
  const admin = await apiToken(request, 'admin');
  const empresas = await request.get('/api/empresa/getAllPaginate?pesquisa=Franquia%20Demo', { headers: auth(admin) });
  const franquia = (await empresas.json()).data.find((e: { fantasia: string }) => e.fantasia === 'Franquia Demo');
  expect(franquia, 'Franquia Demo in the demo data').toBeTruthy();
  const login = `franq.e2e.${Date.now()}`;
  const password = 'Leitura#2026';
  const created = await request.post('/api/usuario/create', {
    headers: auth(admin),
    data: { name: 'Franqueado de Leitura', login, password, nivel: '3', empresa_id: franquia.id, email: null, setor: null },
  });
  expect(created.status(), await created.text()).toBe(200);
  return { login, password };
}

/** Loja Demo's released guarantees with their instalments, as the administrador reads them. */
async function garantiasDaLoja(request: APIRequestContext): Promise<Garantia[]> {
  const admin = await apiToken(request, 'admin');
  const list = await request.get('/api/boleto/getGarantiasImpressao?per_page=100', { headers: auth(admin) });
  const released = (await list.json()).data.filter((g: Garantia) => g.fantasia === 'Loja Demo' && g.status === 'APROVADO' && g.libera_boleto === 'S');
  const out: Garantia[] = [];
  for (const g of released) {
    const detail = await request.get(`/api/boleto/getGarantiaImpressao/${g.id}`, { headers: auth(admin) });
    out.push((await detail.json()).data);
  }
  return out;
}

test("[LAYOUT]: a franqueado walks its franchisee's Impressão and Recebimentos and is offered no write action", async ({ page, request }) => {
  const check = failOnConsoleErrors(page);
  const garantias = await garantiasDaLoja(request);
  const aberta = garantias.find((g) => g.boletos.some((b) => b.situacao !== null && PAYABLE.includes(b.situacao)));
  expect(aberta, 'a released guarantee of Loja Demo with an open instalment').toBeTruthy();
  const { login, password } = await novoFranqueado(request);

  // Impressão de Boletos lists the franchisee's guarantees; one opens read only
  await openAsUser(page, login, password, '/operacao/garantias/impressao');
  await expect(page.getByRole('heading', { name: 'Impressão de Boletos' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Impressão de Boletos' }).getByRole('row').nth(1)).toBeVisible();
  await page.goto(`/operacao/garantias/impressao/detalhe/${aberta?.id}`);
  await expect(page.getByRole('heading', { name: 'Boletos da Garantia' })).toBeVisible();
  await expect(page.getByText('Garantia de uma loja franqueada: somente consulta.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Imprimir Duplicatas' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Assinatura digital' })).toHaveCount(0);
  await expect(page.getByText('Duplicatas assinadas')).toHaveCount(0);
  await expect(page.getByText(/Arraste aqui as duplicatas/)).toHaveCount(0);
  // printing is reading: the open instalment's slip is there, and it opens in a tab with the PDF
  const gerar = page.getByRole('button', { name: /^Gerar Boleto da parcela/ }).first();
  await expect(gerar).toBeEnabled();
  const [popup] = await Promise.all([page.waitForEvent('popup'), gerar.click()]);
  await expect.poll(() => popup.url()).toMatch(/^blob:/);

  // a guarantee whose instalments are all paid: no slip, no carnê, no signature request (for anybody)
  const paga = garantias.find((g) => g.boletos.length > 0 && g.boletos.every((b) => b.situacao !== null && !PAYABLE.includes(b.situacao)));
  if (paga) {
    await page.goto(`/operacao/garantias/impressao/detalhe/${paga.id}`);
    await expect(page.getByRole('table', { name: 'Parcelas' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Gerar Boleto/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Imprimir Carnê' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Assinatura digital' })).toHaveCount(0);
  }

  // Recebimentos: the franchisee's GARANTIDO boletos are there to read, none with Receber
  await page.getByRole('link', { name: 'Recebimentos' }).click();
  await expect(page.getByRole('heading', { name: 'Recebimentos de Boletos Garantidos' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Recebimentos de Boletos Garantidos' });
  await expect(table).toBeVisible();
  await expect(page.getByRole('button', { name: /^Receber/ })).toHaveCount(0);
  const rows = await table.getByRole('row').count();
  if (rows > 2) await expect(table.getByText('Somente consulta').first()).toBeVisible();

  // the administrador's Boletos Garantidos is not the franqueado's to open
  await page.goto('/financeiro/boletos');
  await expect(page.getByText('Esta funcionalidade é exclusiva dos administradores.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Cancelar|Quitar|Baixar|Ações/ })).toHaveCount(0);

  // and the server refuses what is not offered, saying why
  const token = (await (await page.request.post('/api/login', { data: { username: login, password } })).json()).access_token as string;
  const sign = await page.request.post(`/api/boleto/getDuplicataAssinatura/${aberta?.id}`, {
    headers: auth(token),
    data: { email: 'cliente@example.com', telefone: '11987654321' },
  });
  expect(sign.status()).toBe(403);
  expect((await sign.json()).msg).toMatch(/somente para consulta/);
  check();
});
