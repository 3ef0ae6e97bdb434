import { expect, test, type Page } from '@playwright/test';
import { failOnConsoleErrors, loginAs, openAs } from '../support/session';

/** The menu entry of the usuario's flat menu (Antecipações and Simular venda follow the empresa flags). */
const menu = (page: Page, label: string) => page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: label, exact: true });

test('[FINANCEIRO]: loja simulates and requests an advance, the admin approves it and the document opens', async ({ page }) => {
  const check = failOnConsoleErrors(page);
  await loginAs(page, 'loja');
  await menu(page, 'Antecipações').click();
  await expect(page.getByRole('heading', { name: 'Antecipações' })).toBeVisible();
  await page.getByRole('button', { name: 'Simular' }).click();
  await expect(page).toHaveURL(/\/operacao\/antecipacoes\/nova$/);
  await expect(page.getByRole('heading', { name: 'Simulação da Antecipação' })).toBeVisible();

  // the seeded GARANTIDO boletos to come that are in no advance yet (Patrícia's three, and the
  // boletos that the demo retorno confirmed); the Resumo counts and sums exactly the rows listed
  const boletos = page.getByRole('table', { name: 'Boletos da antecipação' });
  await expect(boletos).toContainText('Patrícia Gomes Ribeiro');
  await expect(boletos.getByRole('row').filter({ hasText: 'Patrícia Gomes Ribeiro' })).toHaveCount(3);
  await expect(boletos.getByRole('row').filter({ hasText: 'Patrícia Gomes Ribeiro' }).first()).toContainText('R$ 310,00');
  const subtotalRow = boletos.getByRole('row').last();
  await expect(subtotalRow).toContainText('Subtotal');
  const subtotal = /R\$ [\d.]+,\d{2}/.exec(await subtotalRow.innerText())?.[0];
  const listed = await boletos.locator('tbody tr').filter({ hasNotText: 'Subtotal' }).count();
  const resumo = page.getByRole('table', { name: 'Resumo' });
  const cells = await resumo.getByRole('row').nth(1).getByRole('cell').allInnerTexts();
  expect(cells[1]).toBe(String(listed));
  expect(cells[2]).toBe(subtotal);
  const total = cells[6];
  expect(total).toMatch(/^R\$ [\d.]+,\d{2}$/);

  await page.getByRole('button', { name: 'Enviar Solicitação (Sujeito a análise)' }).click();
  await expect(page.getByText('Tudo Certo!')).toBeVisible();
  await expect(page.getByText('Solicitação de antecipação enviada para análise!')).toBeVisible();
  await expect(page).toHaveURL(/\/operacao\/antecipacoes$/);
  const mine = page.getByRole('table', { name: 'Antecipações' }).getByRole('row').filter({ hasText: total });
  await expect(mine).toContainText('EM ANÁLISE');
  // a nivel 1 user never sees the decision buttons
  await expect(mine.getByRole('button', { name: /Aprovar/ })).toHaveCount(0);

  // the administrador approves it; the advance document opens in a new tab
  await page.context().clearCookies();
  await openAs(page, 'admin', '/operacao/antecipacoes');
  const row = page.getByRole('table', { name: 'Antecipações' }).getByRole('row').filter({ hasText: total }).filter({ hasText: 'EM ANÁLISE' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Loja Demo');
  await row.getByRole('button', { name: /^Aprovar antecipação/ }).click();
  await expect(page.getByText('Esta ação não pode ser desfeita.', { exact: false })).toBeVisible();
  const [response, popup] = await Promise.all([
    // access tokens last 5 s here: a 401 is answered by one refresh and a replay, so wait for the replay
    page.waitForResponse((r) => r.url().includes('/api/relatorio/getAntecipacaoDocumento/') && r.status() !== 401),
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Sim, aprovar antecipação' }).click(),
  ]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  await popup.waitForURL(/^blob:/);
  await popup.close();
  await expect(page.getByText('Antecipação aprovada!')).toBeVisible();
  const approved = page.getByRole('table', { name: 'Antecipações' }).getByRole('row').filter({ hasText: total }).filter({ hasText: 'APROVADA' });
  await expect(approved).toHaveCount(1);
  await expect(approved.getByRole('button', { name: /^Aprovar/ })).toHaveCount(0);
  await expect(approved.getByRole('button', { name: /^Documento da antecipação/ })).toBeVisible();
  check();
});

test('[FINANCEIRO]: the sale simulator enables SIMULAR only with a value and instalments, and shows the results', async ({ page }) => {
  const check = failOnConsoleErrors(page);
  await loginAs(page, 'loja');
  await menu(page, 'Simular venda').click();
  await expect(page.getByRole('heading', { name: 'Simulador de venda com taxas' })).toBeVisible();
  const simular = page.getByRole('button', { name: 'SIMULAR' });
  const parcelas = page.getByLabel('Quantidade de parcelas');
  await expect(parcelas).toHaveValue('2');
  await expect(simular).toBeDisabled();
  await page.getByLabel('Valor da venda').fill('1000');
  await expect(simular).toBeEnabled();
  await parcelas.fill('');
  await expect(simular).toBeDisabled();
  await expect(page.getByText('É obrigatório informar a quantidade de parcelas')).toBeVisible();
  await parcelas.fill('3');
  await expect(simular).toBeEnabled();
  await simular.click();
  const table = page.getByRole('table', { name: 'Parcelas simuladas' });
  await expect(table.getByRole('row')).toHaveCount(5); // header, 3 instalments, total
  const values = await Promise.all([1, 2, 3].map(async (i) => (await table.getByRole('row').nth(i).getByRole('cell').allInnerTexts())[3]));
  // instalments 1 and 2 carry the same new value; the last absorbs the rounding (issue 25)
  expect(values[1]).toBe(values[0]);
  for (const v of values) expect(v).toMatch(/^R\$ 3\d\d,\d\d$/); // above R$ 333,34: the fees are added
  await expect(table.getByRole('row').last().getByRole('cell').last()).toHaveText('R$ 1.000,00'); // nets the sale value
  await expect(table.getByRole('row').last()).toContainText('Total');
  await page.getByLabel('Valor da venda').fill('');
  await expect(simular).toBeDisabled();
  check();
});

test('[FINANCEIRO]: faturamento shows the trend and colours Receita green when positive, red otherwise', async ({ page }) => {
  const check = failOnConsoleErrors(page);
  await openAs(page, 'admin', '/financeiro/relatorios/faturamento');
  await expect(page.getByRole('heading', { name: 'Faturamento' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Faturamento' });
  const receita = (loja: string) => table.getByRole('row').filter({ hasText: loja }).getByRole('cell').last().locator('.receita-positiva, .receita-negativa');
  // Loja Demo: consultas + mensalidade + advance fees → positive; Parceira Isenta Demo pays no fees → R$ 0,00
  await expect(receita('Loja Demo')).toHaveClass(/receita-positiva/);
  await expect(receita('Loja Demo')).toHaveCSS('color', 'rgb(47, 158, 68)');
  await expect(receita('Parceira Isenta Demo')).toHaveText('R$ 0,00');
  await expect(receita('Parceira Isenta Demo')).toHaveClass(/receita-negativa/);
  await expect(receita('Parceira Isenta Demo')).toHaveCSS('color', 'rgb(224, 49, 49)');
  await expect(table.getByRole('row').last()).toContainText('Subtotal');
  // the chart of the last 12 months is drawn above the table
  await expect(page.getByRole('region', { name: 'Últimos 12 meses' }).locator('svg.recharts-surface').first()).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^faturamento-\d{2}-\d{4}\.csv$/);

  // the previous month has its own movements (seeded liquidações and baixas)
  await page.getByRole('combobox', { name: 'Mês' }).click();
  // São Paulo's current month, 1-based: the previous month's index in the list
  const current = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()).slice(5, 7)) - 1;
  const meses = ['Janeiro', 'Fevereiro', 'Março', 'Abril', 'Maio', 'Junho', 'Julho', 'Agosto', 'Setembro', 'Outubro', 'Novembro', 'Dezembro'];
  if (current > 0) {
    await page.getByRole('option', { name: meses[current - 1], exact: true }).click();
    await expect(table.getByRole('row').filter({ hasText: 'Loja Demo' }).getByRole('cell').nth(1)).toHaveText('R$ 1.540,00');
  }
  check();
});

test('[FINANCEIRO]: fechamento shows the server HTML of one empresa and offers its PDF', async ({ page }) => {
  const check = failOnConsoleErrors(page);
  await openAs(page, 'admin', '/financeiro/relatorios/fechamento');
  await expect(page.getByRole('heading', { name: 'Fechamento' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Empresa' }).click();
  await page.getByRole('option', { name: 'Loja Demo', exact: true }).click();
  const html = page.getByTestId('fechamento-html');
  await expect(html.getByRole('heading', { level: 2 })).toContainText('Loja Demo');
  await expect(html).toContainText('Boletos liquidados e baixados');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar PDF' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^fechamento-\d+-\d{4}-\d{2}\.pdf$/);
  check();
});
