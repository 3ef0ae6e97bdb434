import { expect, test } from '@playwright/test';
import { PAGADOR_MSG } from '@bg/domain';
import { releasedGuarantee } from '../support/api';
import { failOnConsoleErrors } from '../support/session';
import { randomCpf } from '../support/test-data';

/**
 * The payer's page (issue 27, docs/messaging.md "Página do pagador"): public, no login. The buyer of
 * a released guarantee (Loja Demo, 2 × R$ 300,00, born 05/05/1988 — support/api.ts) identifies with
 * CPF and birth date, sees the two open boletos with the linha digitável, and downloads the PDF.
 */
test('[PAGADOR]: the payer identifies without logging in, sees the open boletos of the shop and downloads a PDF', async ({ page }) => {
  const cpf = randomCpf();
  await releasedGuarantee(page.request, cpf, 'Joana Pagadora Lima');

  await page.goto('/pagar');
  await expect(page.getByRole('heading', { name: 'Consultar meus boletos' })).toBeVisible();
  // wrong birth date: the one answer, whatever failed
  await page.getByLabel('CPF ou CNPJ').fill(cpf);
  await page.getByLabel('Data de nascimento').fill('06/05/1988');
  await page.getByRole('button', { name: 'Ver meus boletos' }).click();
  await expect(page.getByRole('alert')).toHaveText(PAGADOR_MSG.naoIdentificado);
  // that refusal is the browser's one logged 404; from here on, no console error at all
  const check = failOnConsoleErrors(page);

  await page.getByLabel('Data de nascimento').fill('05/05/1988');
  await page.getByRole('button', { name: 'Ver meus boletos' }).click();
  await expect(page.getByRole('heading', { name: 'Olá, Joana' })).toBeVisible();
  // a conta by the bank's API shows a boleto once the bank confirmed its registration (a few seconds)
  const boletos = page.getByRole('article');
  await expect(async () => {
    await page.reload();
    await expect(boletos).toHaveCount(2, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  const primeiro = page.getByRole('article', { name: 'Boleto Loja Demo parcela 1 de 2' });
  await expect(primeiro).toContainText('R$ 300,00');
  await expect(primeiro.getByLabel('Linha digitável')).toHaveText(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
  await expect(primeiro.getByRole('button', { name: 'Copiar linha digitável' })).toBeVisible();

  // the PDF: an expiring signed link, opened by the browser itself (no token)
  const href = await primeiro.getByRole('link', { name: 'Baixar boleto (PDF)' }).getAttribute('href');
  expect(href).toMatch(/^\/api\/pagador\/boleto\/\d+\/pdf\?p=\d+&exp=\d+&sig=/);
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const [popup] = await Promise.all([page.waitForEvent('popup'), primeiro.getByRole('link', { name: 'Baixar boleto (PDF)' }).click()]);
  await popup.close();

  // leaving: back to the form, the list gone
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page.getByRole('heading', { name: 'Consultar meus boletos' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  check();
});
