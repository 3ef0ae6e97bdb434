import { expect, test } from '@playwright/test';
import { apiToken } from '../support/api';
import { failOnConsoleErrors } from '../support/session';
import { totp } from '../support/totp';

test('[SESSION]: an administrador turns on two-factor sign-in, logs out and logs in with a code from the app', async ({ page, request }) => {
  const check = failOnConsoleErrors(page);
  // an administrador of its own: the demo admin is shared with the specs running alongside
  const login = `adm2fa${Date.now().toString(36)}`;
  const password = 'Senha-dois-fatores-1';
  const created = await request.post('/api/usuario/create', {
    headers: { authorization: `Bearer ${await apiToken(request, 'admin')}` },
    data: { name: 'Ana Dois Fatores', login, email: null, nivel: '2', empresa_id: null, setor: 'Segurança', password },
  });
  expect(created.status(), await created.text()).toBe(200);

  const signIn = async () => {
    await page.getByLabel('Login').fill(login);
    await page.getByLabel('Senha').fill(password);
    await page.getByRole('button', { name: 'Entrar' }).click();
  };
  await page.goto('/login');
  await signIn();
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();

  // user menu → Verificação em duas etapas → Configurar: QR code and the key to type
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Verificação em duas etapas' }).click();
  await expect(page).toHaveURL(/\/administracao\/usuarios\/dois-fatores$/);
  await expect(page.getByRole('region', { name: 'Inativa' })).toBeVisible();
  await page.getByRole('button', { name: 'Configurar' }).click();
  await expect(page.getByRole('img', { name: 'QR code para o aplicativo autenticador' })).toBeVisible();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Código do aplicativo').fill(totp(secret));
  await page.getByRole('button', { name: 'Ativar' }).click();

  // ten recovery codes, shown once
  const codes = page.getByTestId('recovery-codes');
  await expect(codes).toBeVisible();
  expect((await codes.innerText()).match(/[a-z2-7]{5}-[a-z2-7]{5}/g)).toHaveLength(10);
  await page.getByRole('button', { name: 'Concluir' }).click();
  await expect(page.getByRole('region', { name: 'Ativa' })).toContainText('Códigos de recuperação restantes: 10');

  // Sair, then the password alone is not enough
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn();
  const code = page.getByLabel('Código de verificação');
  await expect(code).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toHaveCount(0);
  // the next step's code: the one that confirmed the setup may still be current, and each works once
  await code.fill(totp(secret, 1));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('display-name')).toHaveText('Ana Fatores');
  check();
});
