import { expect, test } from '@playwright/test';
import { failOnConsoleErrors, openAs } from '../support/session';

test('[CADASTROS]: an usuario can neither see Novo nor open Nova Empresa (administrador and franqueado create empresas)', async ({ page }) => {
  const check = failOnConsoleErrors(page);
  await openAs(page, 'loja', '/administracao/empresas');
  await expect(page.getByRole('row', { name: /Loja Demo/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Novo' })).toHaveCount(0);
  await page.goto('/administracao/empresas/nova');
  await expect(page.getByText('Acesso restrito')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'CNPJ', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
  check();
});

test('[CADASTROS]: an usuario edits its empresa’s contact but sees CNPJ and Razão Social read-only (administradores change them)', async ({ page }) => {
  const check = failOnConsoleErrors(page);
  await openAs(page, 'loja', '/administracao/empresas');
  await page.getByRole('row', { name: /Loja Demo/ }).getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { name: 'Atualização da Empresa' })).toBeVisible();
  const cnpj = page.getByRole('textbox', { name: 'CNPJ', exact: true });
  await expect(cnpj).not.toHaveValue('');
  await expect(cnpj).toHaveAttribute('readonly', '');
  await expect(page.getByRole('textbox', { name: 'Razão Social' })).toHaveAttribute('readonly', '');
  await expect(page.getByText('Somente administradores alteram').first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nome Fantasia' })).not.toHaveAttribute('readonly', '');
  check();
});
