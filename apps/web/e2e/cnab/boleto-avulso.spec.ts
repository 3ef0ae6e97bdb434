import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { readRemessa240, type RemessaEntryRead } from '@bg/domain';
import { failOnConsoleErrors, openAs } from '../support/session';
import { isoInMonths, randomCpf } from '../support/test-data';

test('[CNAB]: a boleto avulso is created, its PDF opened and its remittance file downloaded', async ({ page }) => {
  const check = failOnConsoleErrors(page);
  const nome = `Pagador Avulso ${Date.now() % 1_000_000}`;
  await openAs(page, 'admin', '/financeiro/boletos-avulsos');
  await page.getByRole('button', { name: 'Novo' }).click();
  await expect(page.getByRole('heading', { name: 'Novo Boleto Avulso' })).toBeVisible();
  await page.getByLabel('CPF/CNPJ').fill(randomCpf());
  await page.getByLabel('Nome').fill(nome);
  await page.getByLabel('CEP').fill('01310100');
  await page.getByLabel('Número').click();
  await expect(page.getByLabel('Endereço')).toHaveValue('Avenida Paulista');
  await expect(page.getByLabel('Cidade')).toBeDisabled();
  await page.getByLabel('Número').fill('321');
  await page.getByLabel('Valor').fill('187,45');
  const [y, m] = isoInMonths(1).split('-');
  await page.getByLabel('Vencimento').fill(`10/${m}/${y}`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Tudo Certo!')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/financeiro\/boletos-avulsos$/);

  await page.getByPlaceholder('Pesquisar por nome, CPF/CNPJ ou número').fill(nome);
  await page.keyboard.press('Enter');
  const row = page.getByRole('row').filter({ hasText: nome });
  await expect(row).toContainText('R$ 187,45');
  await expect(row.locator('[data-status="DISPONÍVEL PARA PAGAMENTO"]')).toBeVisible();

  const [popup] = await Promise.all([page.waitForEvent('popup'), row.getByRole('button', { name: /Gerar boleto avulso/ }).click()]);
  await expect(popup).toHaveURL(/^blob:/);

  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: /Remessa do boleto avulso/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^remessa_\d{14}-\d+\.txt$/);
  const bytes = fs.readFileSync((await download.path())!);
  const entries: RemessaEntryRead[] = [];
  for await (const e of readRemessa240([bytes])) entries.push(e);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ kind: 'entrada', amountCents: 18745, dueDate: `${y}-${m}-10` });
  expect(entries[0].payer?.name).toBe(nome.toUpperCase());
  check();
});
