import { expect, test } from '@playwright/test';
import { failOnConsoleErrors, loginAs } from '../support/session';

/** Opens every section and reads the menu; poll it (sections open with an animation). */
async function menuLabels(page: import('@playwright/test').Page) {
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  // open every section so nested links are listed too
  for (const section of ['Operação', 'Financeiro', 'Cobrança', 'Administração']) {
    const button = nav.getByRole('button', { name: section, exact: true });
    if ((await button.count()) && (await button.getAttribute('aria-expanded')) === 'false') await button.click();
  }
  return (await nav.locator('a, button').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

test('[SESSION]: usuario of Loja Demo sees exactly its menu', async ({ page }) => {
  const check = failOnConsoleErrors(page);
  await loginAs(page, 'loja');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle('Início | Boleto Garantido');
  await expect(page.getByTestId('display-name')).toHaveText('Lucas Lojista');
  await expect(page.getByTestId('setor')).toHaveText('Vendas');
  await expect(page.getByTestId('banner-duplicatas')).toContainText('assinar digitalmente');
  await expect.poll(() => menuLabels(page)).toEqual([
    'Início', 'Nova Garantia', 'Impressão de Boletos', 'Recebimentos', 'Antecipações', 'Simular venda', 'Financeiro', 'Extrato',
    // the shop's own webhooks and API keys (issue 28: the Integrações permission, on for a shop's usuario)
    'Administração', 'Webhooks', 'Integrações', 'Chat',
  ]);
  const chat = page.getByRole('link', { name: 'Chat' });
  await expect(chat).toHaveAttribute('target', '_blank');
  await expect(chat).toHaveAttribute('href', 'https://chat.example.com/boleto-garantido');
  await expect(page.getByText(/© \d{4} Boleto Garantido/)).toBeVisible();
  check();
});

test('[SESSION]: administrador sees the four sections', async ({ page }) => {
  const check = failOnConsoleErrors(page);
  await loginAs(page, 'admin');
  await expect.poll(() => menuLabels(page)).toEqual([
    'Início',
    'Operação', 'Nova Garantia', 'Garantias', 'Impressão de Boletos', 'Antecipações', 'Remessas', 'Retornos', 'Conciliação',
    'Financeiro', 'Recebimentos', 'Boletos Garantidos', 'Boletos Avulsos', 'Faturamento', 'Fechamento', 'Extrato', 'Repasses', 'Risco da carteira',
    'Cobrança', 'Inadimplentes', 'Agendamentos', 'Acordos',
    'Administração', 'Empresas', 'Franqueados', 'Pessoas', 'Usuários', 'CPFs Suspeitos', 'Política de Crédito', 'Auditoria', 'Conta de Cobrança', 'Mensagens', 'Régua de cobrança', 'Webhooks', 'Integrações', 'LGPD',
  ]);
  check();
});

test('[SESSION]: franqueado sees the usuario menu plus its cadastros', async ({ page }) => {
  await loginAs(page, 'franqueado');
  await expect.poll(() => menuLabels(page)).toEqual([
    'Início', 'Nova Garantia', 'Impressão de Boletos', 'Recebimentos', 'Financeiro', 'Extrato', 'Administração', 'Empresas', 'Usuários', 'Webhooks', 'Integrações', 'Chat',
  ]);
});

test('[SESSION]: wrong password shows the spec message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Login').fill('loja');
  await page.getByLabel('Senha').fill('errada');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert')).toContainText('Ocorreu uma falha na autenticação!');
  await expect(page).toHaveURL(/\/login/);
});

test('[SESSION]: a deep link while logged out returns there after login', async ({ page }) => {
  await page.goto('/administracao/usuarios/alterarSenha');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadministracao%2Fusuarios%2FalterarSenha/);
  await loginAs(page, 'loja', page.url());
  await expect(page).toHaveURL(/\/administracao\/usuarios\/alterarSenha$/);
  await expect(page.getByRole('heading', { name: 'Alterar Senha' })).toBeVisible();
});

test('[SESSION]: unknown paths show the public not-found page', async ({ page }) => {
  await page.goto('/nao/existe/mesmo');
  await expect(page.getByRole('heading', { name: 'Ops! Você se perdeu!' })).toBeVisible();
  await expect(page.getByText('Esta página não existe')).toBeVisible();
  await page.getByRole('link', { name: 'Voltar ao início' }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('[SESSION]: an usuario opening an administrador route is refused; the administrador opens it', async ({ page }) => {
  await loginAs(page, 'loja');
  await page.goto('/financeiro/boletos-avulsos');
  await expect(page.getByText('Esta funcionalidade é exclusiva dos administradores.')).toBeVisible();
  // every route of the menus is built now: none shows the maintenance notice any more
  await page.context().clearCookies();
  await loginAs(page, 'admin');
  await page.goto('/financeiro/boletos-avulsos');
  await expect(page.getByRole('heading', { name: 'Boletos Avulsos' })).toBeVisible();
  await expect(page.getByText('Funcionalidade em Manutenção!')).toHaveCount(0);
});

test('[SESSION]: Sair ends the session', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard/);
});

test('[SESSION]: an expired access token is refreshed without the user noticing', async ({ page }) => {
  const check = failOnConsoleErrors(page);
  await loginAs(page, 'admin');
  const refreshes: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/api/login/refresh')) refreshes.push(r.status());
  });
  // the e2e server issues 5 s access tokens
  await page.waitForTimeout(6500);
  await page.getByRole('button', { name: 'Administração' }).click();
  await page.getByRole('link', { name: 'Auditoria' }).click();
  // the URL first: a session that ended during the refresh shows up here as /login
  await expect(page).toHaveURL(/\/administracao\/auditoria$/);
  await expect(page.getByRole('heading', { name: 'Auditoria' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'login', exact: true }).first()).toBeVisible();
  expect(refreshes).toContain(200);
  check();
});

test('[SESSION]: two tabs refreshing at the same moment both stay logged in', async ({ page, context }) => {
  const check = failOnConsoleErrors(page);
  await loginAs(page, 'admin');
  const second = await context.newPage();
  const checkSecond = failOnConsoleErrors(second);
  await second.goto('/administracao/cpfs-suspeitos');
  await expect(second.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  const refreshes: number[] = [];
  for (const p of [page, second]) p.on('response', (r) => r.url().endsWith('/api/login/refresh') && refreshes.push(r.status()));
  // both access tokens expire (5 s in the e2e server); then both tabs need a new one at once.
  // The first two refreshes are held until both are in flight, so they carry the same cookie.
  let release!: () => void;
  const bothInFlight = new Promise<void>((r) => (release = r));
  let held = 0;
  await context.route('**/api/login/refresh', async (route) => {
    if (held < 2) {
      if (++held === 2) release();
      await bothInFlight;
    }
    await route.continue();
  });
  await page.waitForTimeout(6500);
  await Promise.all([page.goto('/administracao/auditoria'), second.reload()]);
  for (const p of [page, second]) {
    await expect(p.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  }
  await expect(page).toHaveURL(/\/administracao\/auditoria$/);
  await expect(page.getByRole('cell', { name: 'login', exact: true }).first()).toBeVisible();
  await expect(second).toHaveURL(/\/administracao\/cpfs-suspeitos$/);
  // whichever way the race fell (the loser's 409 and its retry, or the two rotations one after the
  // other), each tab got its own token and no refresh was refused; the 409 itself is asserted at the
  // API (test/session*.int.test.ts)
  expect(refreshes.every((s) => s === 200 || s === 409)).toBe(true);
  expect(refreshes.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
  check();
  checkSecond();
});

test('[SESSION]: changing the password shows server errors, then logs the user out', async ({ page }) => {
  // the franqueado is used only in this file (tests of one file run in order), and gets its password back
  await loginAs(page, 'franqueado');
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Alterar Senha' }).click();
  await expect(page).toHaveURL(/\/cadastros\/users\/alterarSenha$/);
  await page.getByLabel('Senha atual').fill('errada123');
  await page.getByLabel('Nova senha', { exact: true }).fill('novaSenha1');
  await page.getByLabel('Confirmação da nova senha').fill('outraSenha');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('A confirmação deve ser igual à nova senha')).toBeVisible();
  // the password policy (decision 106): the login itself is refused on the form, a common password by the server
  await page.getByLabel('Nova senha', { exact: true }).fill('franqueado');
  await page.getByLabel('Confirmação da nova senha').fill('franqueado');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('A senha não pode ser igual ao login')).toBeVisible();
  await page.getByLabel('Senha atual').fill('franq123');
  await page.getByLabel('Nova senha', { exact: true }).fill('password123');
  await page.getByLabel('Confirmação da nova senha').fill('password123');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Esta senha é muito comum e fácil de adivinhar; escolha outra').first()).toBeVisible();
  await expect(page).toHaveURL(/\/cadastros\/users\/alterarSenha$/);

  await page.getByLabel('Senha atual').fill('errada123');
  await page.getByLabel('Nova senha', { exact: true }).fill('novaSenha1');
  await page.getByLabel('Confirmação da nova senha').fill('novaSenha1');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('A senha atual não confere.').first()).toBeVisible();

  await page.getByLabel('Senha atual').fill('franq123');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Login').fill('franqueado');
  await page.getByLabel('Senha').fill('novaSenha1');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByTestId('display-name')).toHaveText('Fernanda Franco');
  await page.goto('/administracao/usuarios/alterarSenha');
  await page.getByLabel('Senha atual').fill('novaSenha1');
  await page.getByLabel('Nova senha', { exact: true }).fill('franq123');
  await page.getByLabel('Confirmação da nova senha').fill('franq123');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/login/);
});
