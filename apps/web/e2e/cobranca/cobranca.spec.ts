import { expect, test } from '@playwright/test';
import { failOnConsoleErrors, openAs } from '../support/session';

// Demo data of apps/api/src/seed/seed-cobranca.ts: Juliana Pereira Santos has three overdue
// boletos and one due today; Renan Batista Coelho has two overdue, one in the SPC.

test('[COBRANÇA]: administrador simulates 3 instalments with a discount, effects the acordo, pays the first instalment and sees it ATIVO', async ({ page }) => {
  const check = failOnConsoleErrors(page);
  await openAs(page, 'admin', '/cobranca/inadimplentes');
  await expect(page.getByRole('heading', { name: 'Inadimplentes' })).toBeVisible();
  await page.getByPlaceholder('Pesquisar por nome ou CPF/CNPJ').fill('Juliana Pereira');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Detalhes de Juliana Pereira Santos' }).click();
  await expect(page.getByRole('heading', { name: 'Inadimplente: Juliana Pereira Santos' })).toBeVisible();
  const boletos = page.getByRole('table', { name: 'Boletos pendentes' });
  await expect(boletos.getByRole('row')).toHaveCount(5); // header + 3 overdue + 1 due today

  await page.getByRole('combobox', { name: 'Quantidade de parcelas' }).click();
  await page.getByRole('option', { name: '3', exact: true }).click();
  await expect(page.getByLabel(/Vencimento da parcela/)).toHaveCount(3);
  await page.getByRole('textbox', { name: 'Valor da 1ª parcela' }).fill('200');
  await page.getByRole('button', { name: 'Simular' }).click();
  await expect(page.getByRole('button', { name: 'Simular' })).toHaveCount(0);
  const total = page.getByLabel('Total do parcelamento');
  const before = await total.innerText();
  await page.getByRole('textbox', { name: 'Desconto' }).fill('15');
  await expect(total).not.toHaveText(before);
  await expect(page.getByRole('table', { name: 'Parcelas do acordo' }).getByRole('row')).toHaveCount(4);

  await page.getByRole('button', { name: 'Efetivar Acordo' }).click();
  await page.getByRole('button', { name: 'Sim, efetivar acordo' }).click();
  await expect(page.getByText('Tudo Certo!')).toBeVisible();
  // the three overdue boletos left for removal; the one due today is still pending
  await expect(boletos.getByRole('row')).toHaveCount(2);
  const acordos = page.getByRole('table', { name: 'Acordos da pessoa' });
  await expect(acordos).toContainText('Aguardando Ativação');

  await page.goto('/cobranca/acordos');
  await expect(page.getByRole('heading', { name: 'Acordos' })).toBeVisible();
  await page.getByPlaceholder('Pesquisar por nome, CPF/CNPJ ou nº do acordo').fill('Juliana Pereira');
  await page.keyboard.press('Enter');
  const baixar = page.getByRole('button', { name: 'Baixar parcela 1/3 de Juliana Pereira Santos' });
  await baixar.click();
  await page.getByRole('button', { name: 'Sim, baixar parcela' }).click();
  await expect(page.getByText('Tudo Certo!')).toBeVisible();
  await expect(baixar).toHaveCount(0);
  const row = page.getByRole('row').filter({ hasText: '1/3' }).filter({ hasText: 'Juliana Pereira Santos' });
  await expect(row.getByText('Paga', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: /Detalhes do acordo \d+ de Juliana Pereira Santos/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('tab', { name: 'Dados do Acordo' })).toBeVisible();
  await expect(dialog.getByLabel('Situação')).toHaveText('ATIVO');
  await expect(dialog.getByRole('button', { name: 'Cancelar Acordo' })).toBeEnabled();
  await dialog.getByRole('tab', { name: 'Agendamentos' }).click();
  await expect(dialog.getByRole('table', { name: 'Agendamentos da pessoa' })).toContainText('Ligar após as 14h');
  check();
});

test('[COBRANÇA]: administrador adds a schedule for a defaulter and marks it done', async ({ page }) => {
  const check = failOnConsoleErrors(page);
  const descricao = `Retornar a ligação sobre o acordo (e2e ${Date.now()})`;
  await openAs(page, 'admin', '/cobranca/inadimplentes');
  await page.getByPlaceholder('Pesquisar por nome ou CPF/CNPJ').fill('Renan Batista');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Detalhes de Renan Batista Coelho' }).click();
  await expect(page.getByRole('table', { name: 'Boletos pendentes' }).getByText('NO SPC', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Agendamento' }).click();
  // both fields are required (spec §5 Note)
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Campo obrigatório')).toBeVisible();
  await page.getByRole('textbox', { name: 'Descrição' }).fill(descricao);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Tudo Certo!')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Agendamentos da pessoa' })).toContainText(descricao);

  await page.goto('/cobranca/agendamentos');
  await expect(page.getByRole('heading', { name: 'Agendamentos' })).toBeVisible();
  await page.getByPlaceholder('Pesquisar por nome ou CPF/CNPJ').fill('Renan Batista');
  await page.keyboard.press('Enter');
  const row = page.getByRole('row').filter({ hasText: descricao });
  await expect(row).toContainText('registrado em');
  await expect(row).toContainText('PENDENTE');
  await row.getByRole('button', { name: 'Concluir agendamento de Renan Batista Coelho' }).click();
  await page.getByRole('button', { name: 'Sim, concluir agendamento' }).click();
  await expect(page.getByText('Tudo Certo!')).toBeVisible();
  await expect(row).toContainText('REALIZADO');
  await row.getByRole('button', { name: 'Agendamentos de Renan Batista Coelho' }).click();
  await expect(page.getByRole('dialog').getByRole('table', { name: 'Agendamentos da pessoa' })).toContainText(descricao);
  check();
});
