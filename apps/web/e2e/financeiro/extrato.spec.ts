import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { cnabAccountFromConta, formatDateBR, todayInSaoPaulo, writeRetorno240 } from '@bg/domain';
import { releasedGuarantee } from '../support/api';
import { failOnConsoleErrors, openAs } from '../support/session';
import { randomCpf } from '../support/test-data';

/** The demo conta de cobrança (Caixa 104, beneficiário 123456), as the seed configures it (e2e/cnab/bank-answer.ts). */
const DEMO_ACCOUNT = cnabAccountFromConta({
  banco: '104', agencia: '1234', conta: null, codigo_beneficiario: '123456', carteira: 'RG',
  nome: 'Boleto Garantido Serviços Financeiros Ltda', cnpj: '11222333000181',
});

/**
 * Today's movements, every page of them (the demo shop has many today: the seed's and other
 * specs'), so the payment's row is on screen once the Saldo final row closes the table.
 */
async function periodoHoje(page: Page) {
  const hoje = formatDateBR(todayInSaoPaulo());
  await page.getByRole('textbox', { name: 'De' }).fill(hoje);
  await page.getByRole('textbox', { name: 'Até' }).fill(hoje);
  const table = page.getByRole('table', { name: 'Movimentos do extrato' });
  const mais = page.getByRole('button', { name: 'Carregar mais movimentos' });
  await expect(table.getByRole('cell', { name: 'Saldo inicial' })).toBeVisible();
  while (!(await table.getByRole('cell', { name: 'Saldo final', exact: true }).isVisible())) {
    if (await mais.isVisible()) await mais.click();
    await page.waitForTimeout(200);
  }
}

/**
 * Issue 24: the bank pays a boleto above its slip's value (juros and multa); after the retorno is
 * applied, the shop's Extrato shows the payment — the slip's value credited to the shop (the
 * encargos are the guarantor's revenue) — and an administrador sees the same choosing the shop.
 */
test('[FINANCEIRO]: a retorno pays a boleto above its value → the shop’s Extrato shows the payment, and the administrador’s too', async ({ page, request }) => {
  test.setTimeout(120_000);
  const check = failOnConsoleErrors(page);
  const nome = `Cliente Extrato ${Date.now() % 1_000_000}`;
  const { protocolo, garantiaId, admin } = await releasedGuarantee(request, randomCpf(), nome);
  const list = await request.get(`/api/boleto/getAllPaginate?pesquisa=${encodeURIComponent(nome)}`, { headers: admin });
  expect(list.status(), await list.text()).toBe(200);
  const { id: boletoId } = (await list.json()).data.find((b: { parcela: number }) => b.parcela === 1) as { id: number };
  // the nosso número is in the boleto's detail (numbered on release)
  const detail = await request.get(`/api/boleto/getById/${boletoId}`, { headers: admin });
  expect(detail.status(), await detail.text()).toBe(200);
  const boleto = (await detail.json()).data as { nosso_numero: number; vencimento: string; valor: number };
  expect(boleto.valor).toBe(300);
  expect(boleto.nosso_numero).toEqual(expect.any(Number));

  // the bank: R$ 300,00 slip paid with R$ 12,75 of juros and multa, credited today, R$ 2,50 fee
  const today = todayInSaoPaulo();
  const bytes = writeRetorno240({
    account: DEMO_ACCOUNT,
    fileNumber: 5000 + (Date.now() % 90000),
    generatedAt: new Date(),
    titles: [{ movement: '06', ourNumber: boleto.nosso_numero, documentNumber: `${protocolo}/01`, dueDate: boleto.vencimento, amountCents: 30000, paidCents: 31275, feeCents: 250, occurrenceDate: today, creditDate: today }],
  });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bg-e2e-extrato-')), 'RETORNO-EXTRATO.ret');
  fs.writeFileSync(file, bytes);

  await openAs(page, 'admin', '/operacao/retornos');
  await page.locator('input[type="file"]').setInputFiles(file);
  const panel = page.getByTestId('retorno-panel');
  await expect(panel).toHaveAttribute('data-status', 'PRONTO', { timeout: 30_000 });
  await panel.getByRole('button', { name: 'Aplicar retorno' }).click();
  await page.getByRole('button', { name: 'Sim, aplicar retorno' }).click();
  await expect(panel).toHaveAttribute('data-status', 'PROCESSADO', { timeout: 60_000 });
  await expect(panel.getByTestId('retorno-resultado')).toContainText(/Liquidados: 1/);

  // the administrador picks the shop
  await page.goto('/financeiro/extrato');
  await expect(page.getByText('Selecione a loja para ver o extrato.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Loja' }).click();
  await page.getByRole('option', { name: 'Loja Demo', exact: true }).click();
  await periodoHoje(page);
  // the row is found by its origin: the guarantee and parcela the payment was for
  const origem = `Garantia ${protocolo}, parcela 1`;
  const adminRow = page.getByTestId('extrato-movimento').filter({ has: page.getByRole('link', { name: origem }) });
  await expect(adminRow).toHaveCount(1);
  await expect(adminRow).toContainText('pago no banco');
  await expect(adminRow).toContainText('R$ 300,00');
  await expect(adminRow.getByRole('link', { name: origem })).toHaveAttribute('href', `/operacao/garantias/impressao/detalhe/${garantiaId}`);

  // the shop sees its own, with the balance explained
  const shop = await page.context().browser()!.newPage();
  const checkShop = failOnConsoleErrors(shop);
  await openAs(shop, 'loja', '/dashboard');
  await shop.getByRole('navigation', { name: 'Menu principal' }).getByText('Financeiro').click();
  await shop.getByRole('link', { name: 'Extrato' }).click();
  await expect(shop).toHaveURL(/\/financeiro\/extrato$/);
  await expect(shop.getByRole('combobox', { name: 'Loja' })).toHaveCount(0);
  await expect(shop.getByTestId('extrato-explicacao')).toContainText('Saldo = A pagar à loja − A receber da loja');
  await periodoHoje(shop);
  const row = shop.getByTestId('extrato-movimento').filter({ has: shop.getByRole('link', { name: origem }) });
  await expect(row).toHaveCount(1);
  const cells = row.getByRole('cell');
  await expect(cells.nth(0)).toHaveText(formatDateBR(today));
  await expect(cells.nth(3)).toHaveText('');
  await expect(cells.nth(4)).toHaveText('R$ 300,00');
  // the encargos are not the shop's: the credit is the slip's value, not the R$ 312,75 paid
  await expect(row).not.toContainText('312,75');
  checkShop();
  check();
});
