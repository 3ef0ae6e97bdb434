import { expect, test, type Page } from '@playwright/test';
import { failOnConsoleErrors, openAs } from '../support/session';

/** Waits for a PDF answer of the API triggered by `click`, and for the tab that shows it. */
async function expectPdf(page: Page, urlPart: string, click: () => Promise<void>) {
  const [response, popup] = await Promise.all([
    // access tokens last 5 s here: a 401 is answered by one refresh and a replay, so wait for the replay
    page.waitForResponse((r) => r.url().includes(urlPart) && r.status() !== 401),
    page.waitForEvent('popup'),
    click(),
  ]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  // the tab receives the downloaded PDF (a blob: address of the app)
  await popup.waitForURL(/^blob:/);
  await popup.close();
}

test('[BOLETOS]: loja prints a carnê and a boleto of a released guarantee', async ({ page }) => {
  const check = failOnConsoleErrors(page);
  await openAs(page, 'loja', '/operacao/garantias/impressao');
  await expect(page.getByRole('heading', { name: 'Impressão de Boletos' })).toBeVisible();
  await page.getByPlaceholder('Pesquisar por nome, CPF/CNPJ ou protocolo').fill('Fernanda Lima');
  await page.keyboard.press('Enter');
  await page.getByRole('cell', { name: 'Fernanda Lima Costa' }).click();
  await expect(page.getByRole('heading', { name: 'Boletos da Garantia' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Dados da solicitação' })).toContainText('APROVADO');
  await expectPdf(page, '/api/boleto/getCarneBoleto/', () => page.getByRole('button', { name: 'Imprimir Carnê' }).click());
  await expectPdf(page, '/api/boleto/getBoleto/', () => page.getByRole('button', { name: 'Gerar Boleto da parcela 2' }).click());
  await expectPdf(page, '/api/boleto/getDuplicataAll/', () => page.getByRole('button', { name: 'Imprimir Duplicatas' }).click());
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(/\/operacao\/garantias\/impressao$/);
  check();
});

test('[BOLETOS]: loja receives a boleto and opens its receipt', async ({ page }) => {
  const check = failOnConsoleErrors(page);
  await openAs(page, 'loja', '/financeiro/recebimentos');
  await expect(page.getByRole('heading', { name: 'Recebimentos de Boletos Garantidos' })).toBeVisible();
  await page.getByPlaceholder('Pesquisar por nome ou CPF/CNPJ').fill('Fernanda Lima');
  await page.keyboard.press('Enter');
  const receber = page.getByRole('button', { name: 'Receber parcela 1 de Fernanda Lima Costa' });
  await expect(receber).toBeVisible();
  // parcela 1 is a month overdue: Valor Atualizado is above the Valor
  const row = page.getByRole('row').filter({ has: receber });
  const cells = await row.getByRole('cell').allInnerTexts();
  expect(cells[4]).toContain('R$ 320,50');
  expect(cells[5]).not.toContain('R$ 320,50');
  await receber.click();
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Sim, receber boleto' }).click()]);
  await expect(page.getByText('Tudo Certo!')).toBeVisible();
  await expect(popup.getByRole('heading', { name: 'Comprovante de Recebimento' })).toBeVisible();
  await expect(popup.getByText('Fernanda Lima Costa')).toBeVisible();
  await expect(popup.getByText('ENVIADO PARA BAIXA')).toBeVisible();
  await expect(receber).toHaveCount(0);
  check();
});

test('[BOLETOS]: administrador marks a BAIXADO (REMOVIDO) boleto as quitado and sees its history', async ({ page }) => {
  const check = failOnConsoleErrors(page);
  await openAs(page, 'admin', '/financeiro/boletos');
  await expect(page.getByRole('heading', { name: 'Boletos Garantidos' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Situação' }).click();
  await page.getByRole('option', { name: 'BAIXADO (REMOVIDO)', exact: true }).click();
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Roberto Carlos Mendes' });
  await expect(row).toHaveCount(1);
  // the row's actions are in its compact Ações menu (issue 25)
  await row.getByRole('button', { name: /^Ações do boleto/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Cancelar' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Marcar como quitado' }).click();
  await page.getByRole('button', { name: 'Sim, marcar como quitado' }).click();
  await expect(page.getByText('Tudo Certo!')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Roberto Carlos Mendes' })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Situação' }).click();
  await page.getByRole('option', { name: 'QUITADO', exact: true }).click();
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await page.getByRole('row').filter({ hasText: 'Roberto Carlos Mendes' }).first().getByRole('button', { name: /^Ações do boleto/ }).click();
  await page.getByRole('menuitem', { name: 'Histórico' }).click();
  await expect(page.getByRole('table', { name: 'Histórico do boleto' })).toContainText('GARANTIDO');
  check();
});
