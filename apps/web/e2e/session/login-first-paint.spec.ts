import { expect, test } from '@playwright/test';
import { DEMO, failOnConsoleErrors } from '../support/session';

// login.html draws the login screen before any script runs and the app takes it over
// (docs/decisions/096-login-screen-before-scripts.md).

test('[SESSION]: /login shows the login screen with JavaScript turned off', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Boleto Garantido' })).toBeVisible();
  await expect(page.getByText('Acesse sua conta')).toBeVisible();
  await expect(page.getByLabel('Login')).toBeVisible();
  await expect(page.getByLabel('Senha')).toBeVisible();
  // the static copy sends nothing: the button waits for the app
  await expect(page.getByRole('button', { name: 'Entrar' })).toHaveAttribute('aria-disabled', 'true');
  await page.getByLabel('Senha').fill('segredo');
  await page.getByLabel('Senha').press('Enter');
  await expect(page).toHaveURL(/\/login$/);
  await context.close();
});

test('[SESSION]: what is typed before the app starts is kept, and the login goes through', async ({ page }) => {
  const check = failOnConsoleErrors(page);
  // hold the app's entry module until the user has typed into the static form
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let entryRequested = false;
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    entryRequested = true;
    await held;
    await route.continue();
  });
  await page.goto('/login');
  await expect(page.locator('[data-login-shell]')).toBeVisible();
  await expect(page.getByLabel('Login')).toBeFocused();
  await page.getByLabel('Login').fill(DEMO.loja.login);
  await page.getByLabel('Senha').fill(DEMO.loja.password);
  expect(entryRequested).toBe(true);
  await expect(page.locator('[data-login-shell]')).toHaveCount(1);
  release();
  // the app replaced the static form, with the values and the cursor where they were
  await expect(page.locator('[data-login-shell]')).toHaveCount(0);
  await expect(page.getByLabel('Login')).toHaveValue(DEMO.loja.login);
  await expect(page.getByLabel('Senha')).toHaveValue(DEMO.loja.password);
  await expect(page.getByLabel('Senha')).toBeFocused();
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('display-name')).toHaveText('Lucas Lojista');
  check();
});
