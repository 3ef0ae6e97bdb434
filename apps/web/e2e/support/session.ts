import { expect, type Page } from '@playwright/test';

export const DEMO = {
  admin: { login: 'admin', password: 'admin123' },
  loja: { login: 'loja', password: 'loja123' },
  franqueado: { login: 'franqueado', password: 'franq123' },
} as const;

/** Logs in through the form and waits for the app shell. */
export async function loginAs(page: Page, who: keyof typeof DEMO, path = '/login') {
  await page.goto(path);
  await submitLogin(page, who);
}

/** Fills and sends the login form already on screen, then waits for the app shell. */
export async function submitLogin(page: Page, who: keyof typeof DEMO) {
  await page.getByLabel('Login').fill(DEMO[who].login);
  await page.getByLabel('Senha').fill(DEMO[who].password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
}

/** Fails the test on any console error or uncaught page error. */
export function failOnConsoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    // 401s during a silent token refresh, and the 409 of a refresh that lost a race with another
    // tab, are expected network answers, not app errors
    const expected = /status of 401/.test(m.text()) || (/status of 409/.test(m.text()) && m.location().url.endsWith('/api/login/refresh'));
    if (m.type() === 'error' && !expected) errors.push(m.text());
  });
  return () => expect(errors, errors.join('\n')).toEqual([]);
}
