import { expect, test } from '@playwright/test';
import { failOnConsoleErrors, loginAs, submitLogin } from '../support/session';

test('[SESSION]: after Sair the next login lands on the start page, not on the previous user\'s page', async ({ page }) => {
  const check = failOnConsoleErrors(page);
  await loginAs(page, 'admin');
  await page.goto('/administracao/auditoria');
  await expect(page.getByRole('heading', { name: 'Auditoria' })).toBeVisible();
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  // only an expired session remembers the route
  await expect(page).toHaveURL(/\/login$/);
  await submitLogin(page, 'loja');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('display-name')).toHaveText('Lucas Lojista');
  check();
});
