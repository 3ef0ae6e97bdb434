import { expect, test } from '@playwright/test';
import { fillClienteCpf, lookUp } from '../support/garantias';
import { failOnConsoleErrors, openAs } from '../support/session';
import { randomCpf } from '../support/test-data';

/**
 * Issue 25, "keep work and context", in the browser: the wizard survives a real reload (the
 * draft in sessionStorage) and "Descartar rascunho" starts over; "Incluir no SPC" sends the notice,
 * returns to the debtor list, and the boleto then shows the notice period (decision 111).
 */
test('[GARANTIAS]: a reload keeps the wizard on DADOS DO CLIENTE with what was typed; Descartar rascunho starts over', async ({ page }) => {
  const check = failOnConsoleErrors(page);
  await openAs(page, 'loja', '/operacao/garantias/nova');
  await lookUp(page, randomCpf());
  await fillClienteCpf(page, 'Helena Duarte Moraes');
  await page.reload();
  await expect(page.getByText('Rascunho restaurado')).toBeVisible();
  await expect(page.getByLabel('Nome Completo')).toHaveValue('Helena Duarte Moraes');
  await expect(page.getByLabel('Endereço')).toHaveValue('Avenida Paulista');
  await expect(page.getByLabel('Cidade')).toHaveValue('São Paulo');
  await page.getByRole('button', { name: 'Descartar rascunho' }).click();
  await page.getByRole('button', { name: 'Sim, descartar rascunho' }).click();
  await expect(page.getByLabel('Informe o CPF/CNPJ do cliente')).toHaveValue('');
  await page.reload();
  await expect(page.getByLabel('Informe o CPF/CNPJ do cliente')).toHaveValue('');
  await expect(page.getByText('Rascunho restaurado')).toHaveCount(0);
  check();
});

test('[COBRANÇA]: Incluir no SPC sends the notice, returns to the list, and the boleto shows the notice period', async ({ page }) => {
  const check = failOnConsoleErrors(page);
  await openAs(page, 'admin', '/cobranca/inadimplentes');
  await page.getByPlaceholder('Pesquisar por nome ou CPF/CNPJ').fill('Renan Batista');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Detalhes de Renan Batista Coelho' }).click();
  const boletos = page.getByRole('table', { name: 'Boletos pendentes' });
  // the older overdue boleto is already in the SPC (seed); the other overdue one is offered
  const incluir = boletos.getByRole('button', { name: /^Incluir no SPC o boleto/ }).and(page.locator(':enabled'));
  await incluir.first().click();
  await page.getByRole('button', { name: 'Sim, emitir o aviso prévio' }).click();
  await expect(page).toHaveURL(/\/cobranca\/inadimplentes$/);
  await expect(page.getByRole('heading', { name: 'Inadimplentes' })).toBeVisible();
  await page.getByPlaceholder('Pesquisar por nome ou CPF/CNPJ').fill('Renan Batista');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Detalhes de Renan Batista Coelho' }).click();
  // the notice is a registered letter (issue 27): the period counts from its posting, recorded here
  const pendentes = page.getByRole('table', { name: 'Boletos pendentes' });
  const aguardando = pendentes.getByRole('row').filter({ hasText: /Aviso emitido em \d{2}\/\d{2}\/\d{4}, aguardando a postagem da carta/ });
  await expect(aguardando).toHaveCount(1);
  await aguardando.getByRole('button', { name: 'Registrar postagem' }).click();
  const modal = page.getByRole('dialog', { name: 'Postagem da carta de aviso (AR)' });
  await modal.getByLabel('Código de rastreamento do AR').fill('AR123456789BR');
  await modal.getByRole('button', { name: 'Registrar postagem' }).click();
  await expect(modal).toBeHidden();
  await expect(pendentes).toContainText(/Aviso postado em \d{2}\/\d{2}\/\d{4}, inclusão prevista para \d{2}\/\d{2}\/\d{4}/);
  check();
});
