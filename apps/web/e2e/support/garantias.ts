import { expect, type Page } from '@playwright/test';
import { isoInMonths } from './test-data';

/** Opens Nova Garantia and runs the lookup of a document (step CONSULTA). */
export async function lookUp(page: Page, documento: string) {
  await page.goto('/operacao/garantias/nova');
  await page.getByLabel('Informe o CPF/CNPJ do cliente').fill(documento);
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(page.getByLabel('Nome Completo')).toBeVisible();
}

/** Fills every required field of DADOS DO CLIENTE for a CPF (the CEP comes from the demo cache). */
export async function fillClienteCpf(page: Page, nome: string) {
  await page.getByLabel('Nome Completo').fill(nome);
  await page.getByLabel('Data de Nascimento').fill('10/04/1986');
  await page.getByLabel('CEP').fill('01310100');
  await page.getByLabel('Número').click();
  await expect(page.getByLabel('Endereço')).toHaveValue('Avenida Paulista');
  await page.getByLabel('Número').fill('1200');
  await page.getByLabel('Telefone 1').fill('11987651234');
  await page.getByLabel('Ocupação').fill('Arquiteta');
  await page.getByLabel('Renda').fill('5400');
  await page.getByLabel('Referência Pessoal').fill('Rita Campos');
  await page.getByLabel('Telefone Ref. Pessoal').fill('11912348765');
}

/** DADOS DA SOLICITAÇÃO: instalment 1 (day 10 of next month) fills the others. */
export async function fillParcelas(page: Page, valor: string) {
  await page.getByLabel('Valor da parcela 01').fill(valor);
  const [y, m] = isoInMonths(1).split('-');
  await page.getByLabel('Vencimento da parcela 01').fill(`10/${m}/${y}`);
  await page.getByLabel('Valor da parcela 01').click();
  await expect(page.getByLabel('Valor da parcela 02')).not.toHaveValue('');
}

/** The administrador's list: searches, checks the row, opens its Análise da Garantia; answers the row. */
export async function openAnalysis(page: Page, search: string, code: string) {
  await page.goto('/operacao/garantias');
  await page.getByPlaceholder('Pesquisar por nome ou CPF/CNPJ').fill(search);
  await page.getByPlaceholder('Pesquisar por nome ou CPF/CNPJ').press('Enter');
  // the row whose protocol cell is the code (another row's CPF or values may contain the same digits)
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: code, exact: true }) });
  await expect(row).toBeVisible();
  const text = await row.innerText();
  await row.click();
  await expect(page.getByRole('heading', { name: `Análise da Garantia ${code}` })).toBeVisible();
  return text;
}
