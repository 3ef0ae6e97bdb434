import { expect, test } from '@playwright/test';
import { failOnConsoleErrors, openAs } from '../support/session';

test('[RÉGUA]: administrador edits the default régua, previews tomorrow and runs it on demand', async ({ page }) => {
  const check = failOnConsoleErrors(page);
  await openAs(page, 'admin', '/administracao/regua');
  await expect(page.getByRole('heading', { name: 'Régua de cobrança' })).toBeVisible();
  const etapas = page.getByRole('table', { name: 'Etapas' });
  await expect(etapas.getByRole('row')).toHaveCount(7); // header + the default's six steps

  await page.getByRole('button', { name: 'Adicionar etapa' }).click();
  const dia = page.getByRole('textbox', { name: 'Dia da etapa 7' });
  await dia.fill('45');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Régua de cobrança salva.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('table', { name: 'Etapas' }).getByRole('row')).toHaveCount(8);
  await expect(page.getByText('D+45')).toBeVisible();

  // a repeated day and channel is refused before anything is sent
  await page.getByRole('textbox', { name: 'Dia da etapa 7' }).fill('30');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Já existe uma etapa neste dia e canal.')).toBeVisible();
  await page.getByRole('button', { name: 'Remover etapa 7' }).click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Régua de cobrança salva.')).toBeVisible();

  await page.getByRole('tab', { name: 'Próximos envios' }).click();
  await expect(page.getByRole('table', { name: 'Próximos envios' })).toBeVisible();
  await page.getByRole('tab', { name: 'Recuperação por etapa' }).click();
  await expect(page.getByRole('table', { name: 'Recuperação por etapa' })).toBeVisible();

  await page.getByRole('button', { name: 'Executar agora' }).click();
  await expect(page.getByText(/Régua de cobrança executada/)).toBeVisible({ timeout: 30_000 });
  check();
});
