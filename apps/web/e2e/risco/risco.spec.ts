import { expect, test } from '@playwright/test';
import { failOnConsoleErrors, openAs } from '../support/session';

test.beforeEach(({ page }) => failOnConsoleErrors(page));

test('Risco da carteira: exposure with its chart and table, provisions by bucket, each with its CSV', async ({ page }) => {
  await openAs(page, 'admin', '/financeiro/risco');
  await expect(page.getByRole('heading', { name: 'Risco da carteira' })).toBeVisible();
  // the demo seed computed the position: the shops' table has rows and the chart draws bars
  const lojas = page.getByRole('table', { name: 'Exposição por loja' });
  await expect(lojas.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Por loja (20 maiores)' }).locator('.recharts-bar-rectangle').first()).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV: Por loja (20 maiores)' }).click();
  expect((await download).suggestedFilename()).toBe('risco-exposicao-lojas.csv');

  await page.getByRole('tab', { name: 'Provisões' }).click();
  const provisoes = page.getByRole('table', { name: 'Provisões' });
  await expect(provisoes.getByRole('row')).toHaveCount(11); // header, AA–H, total
  await expect(page.getByRole('textbox', { name: 'Percentual da faixa H' })).toHaveValue('100%');
});

test('a shop user cannot open it', async ({ page }) => {
  await openAs(page, 'loja', '/financeiro/risco');
  await expect(page.getByRole('heading', { name: 'Risco da carteira' })).toHaveCount(0);
});
