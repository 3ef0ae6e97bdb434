import { expect, type Page } from '@playwright/test';

export const DEMO = {
  admin: { login: 'admin', password: 'admin123' },
  loja: { login: 'loja', password: 'loja1234' },
  franqueado: { login: 'franqueado', password: 'franq123' },
} as const;

/**
 * Opens `path` already signed in, without the login screen: the session is made through the API
 * (POST /api/login on the page's own request context, so the browser receives the refresh cookie),
 * and the app restores it on start as after a reload. For tests about something else than the
 * login itself — about a second per test; the login form has its own tests (session/).
 */
export async function openAs(page: Page, who: keyof typeof DEMO, path: string) {
  await openAsUser(page, DEMO[who].login, DEMO[who].password, path);
}

/** openAs for any user (a login the test created), not only the demo ones. */
export async function openAsUser(page: Page, login: string, password: string, path: string) {
  const res = await page.request.post('/api/login', { data: { username: login, password } });
  expect(res.status(), await res.text()).toBe(200);
  // the app tries its refresh cookie only where it had a session (lib/auth.tsx): say so once, on
  // this tab's first page, so a later Sair in the test still ends in the login screen
  await page.addInitScript(() => {
    if (sessionStorage.getItem('e2e.session-hint')) return;
    sessionStorage.setItem('e2e.session-hint', '1');
    localStorage.setItem('bg.session', '1');
  });
  await page.goto(path);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
}

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
