import { expect, test } from '@playwright/test';
import { failOnConsoleErrors, openAs } from '../support/session';

/**
 * Issue 25: money typed as Brazilians type it. Key by key, "1.000,00" in the Simulador de venda is
 * one thousand reais (it used to be R$ 1,00: the thousands dot was read as the decimal point), and
 * the shop nets exactly that: the Valor Líquido total is R$ 1.000,00.
 */
test('[MONEY]: 1.000,00 typed in the Simulador de venda reaches the result as R$ 1.000,00', async ({ page }) => {
  const check = failOnConsoleErrors(page);
  await openAs(page, 'loja', '/operacao/antecipacoes/simular-venda');
  const valor = page.getByLabel('Valor da venda');
  await valor.pressSequentially('1.000,00', { delay: 30 });
  await expect(valor).toHaveValue('R$ 1.000,00');
  await page.getByLabel('Quantidade de parcelas').fill('3');
  await page.getByRole('button', { name: 'SIMULAR' }).click();

  await expect(page.getByText(/^Para receber R\$ 1\.000,00 em 3 parcelas/)).toBeVisible();
  const table = page.getByRole('table', { name: 'Parcelas simuladas' });
  const total = table.getByRole('row').last();
  await expect(total).toContainText('Total');
  // the last cell is Valor Líquido: exactly the sale value, the last instalment absorbing the rounding
  await expect(total.getByRole('cell').last()).toHaveText('R$ 1.000,00');

  // a third decimal is refused with a message, and the amount stays
  await valor.press('End');
  await valor.pressSequentially('5');
  await expect(page.getByText('Use no máximo duas casas decimais.')).toBeVisible();
  await expect(valor).toHaveValue('R$ 1.000,00');
  check();
});

test('[MONEY]: a pasted "R$ 1.234,56" and "1000.50" are read as reais', async ({ page, context }) => {
  const check = failOnConsoleErrors(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openAs(page, 'loja', '/operacao/antecipacoes/simular-venda');
  const valor = page.getByLabel('Valor da venda');
  for (const [pasted, shown] of [['R$ 1.234,56', 'R$ 1.234,56'], ['1000.50', 'R$ 1.000,50']]) {
    await page.evaluate((t) => navigator.clipboard.writeText(t), pasted);
    await valor.fill('');
    await valor.focus();
    await page.keyboard.press('Control+V');
    await expect(valor).toHaveValue(shown);
  }
  check();
});
