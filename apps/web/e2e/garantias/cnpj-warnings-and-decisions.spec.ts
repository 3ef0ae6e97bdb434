import { expect, test, type Page } from '@playwright/test';
import { requestGuarantee } from '../support/api';
import { openAnalysis } from '../support/garantias';
import { failOnConsoleErrors, openAs } from '../support/session';
import { isoInMonths, PNG, randomCnpj, randomCpf } from '../support/test-data';

async function options(page: Page, label: string) {
  await page.getByRole('combobox', { name: label }).click();
  const texts = await page.getByRole('option').allInnerTexts();
  await page.keyboard.press('Escape');
  return texts;
}

/** The field's label, with or without the required asterisk. */
const fieldLabel = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);

// §5 required fields of the wizard for a CNPJ, plus Renda (minimum 300).
const REQUIRED = ['Razão Social', 'Data de Fundação', 'Sócio Avalista', 'CPF do Avalista', 'CEP', 'Endereço', 'Número', 'Bairro', 'Cidade', 'UF', 'Telefone 1', 'Ocupação', 'Renda', 'Referência Pessoal', 'Telefone Ref. Pessoal'];

test('[GARANTIAS]: a CNPJ request shows CNPJ / Razão Social, every required message, the server warning and the network failure', async ({ page }) => {
  // this test provokes failed requests on purpose, so console errors are expected here
  await openAs(page, 'loja', '/operacao/garantias/nova');
  await expect(page.getByRole('button', { name: 'Próximo' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Anterior' })).toHaveCount(0);
  await page.getByLabel('Informe o CPF/CNPJ do cliente').fill(randomCnpj());
  await page.getByRole('button', { name: 'Próximo' }).click();

  await expect(page.getByLabel('CNPJ', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Nome Completo')).toHaveCount(0);
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(page.getByText('Campo obrigatório', { exact: true })).toHaveCount(REQUIRED.length);
  for (const label of REQUIRED) await expect(page.getByLabel(fieldLabel(label)), label).toHaveAttribute('aria-invalid', 'true');
  for (const label of ['Complemento', 'Telefone 2', 'Referência Comercial', 'Telefone Ref. Comercial']) {
    await expect(page.getByLabel(fieldLabel(label)), label).not.toHaveAttribute('aria-invalid', 'true');
  }

  await page.getByLabel('Razão Social').fill('Mercearia Bom Preço Ltda');
  await page.getByLabel('Data de Fundação').fill('15/03/2009');
  await page.getByLabel('Data de Fundação').press('Tab');
  await page.getByLabel('Sócio Avalista').fill('Roberto Almeida');
  await page.getByLabel('CPF do Avalista').fill('52998224725');
  await page.getByLabel('CEP').fill('01310100');
  await page.getByLabel('Número').click();
  await expect(page.getByLabel('Endereço')).toHaveValue('Avenida Paulista');
  await page.getByLabel('Número').fill('77');
  await page.getByLabel('Telefone 1').fill('1133334444');
  await page.getByLabel('Ocupação').fill('Comércio varejista');
  await page.getByLabel('Renda').fill('18000');
  await page.getByLabel('Referência Pessoal').fill('Paula Almeida');
  await page.getByLabel('Telefone Ref. Pessoal').fill('11912345678');
  await page.getByRole('button', { name: 'Próximo' }).click();

  await page.getByLabel('Valor da parcela 01').fill('400');
  const [y, m] = isoInMonths(1).split('-');
  await page.getByLabel('Vencimento da parcela 01').fill(`10/${m}/${y}`);
  await page.getByLabel('Valor da parcela 01').click();
  await expect(page.getByLabel('Valor da parcela 02')).toHaveValue('R$ 400,00');

  // a non-200 answer: the server's title and msg
  await page.route('**/api/garantia/solicitaGarantia', (route) =>
    route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ status: 409, title: 'Solicitação recusada', msg: 'Limite da loja atingido.' }) }),
  );
  await page.getByRole('button', { name: 'Enviar Dados' }).click();
  await expect(page.getByRole('alert')).toContainText('Solicitação recusada');
  await expect(page.getByRole('alert')).toContainText('Limite da loja atingido.');
  await expect(page.getByRole('button', { name: 'Enviar Dados' })).toBeVisible();
  await page.unroute('**/api/garantia/solicitaGarantia');
  // the same when the non-200 status comes inside an HTTP 200 answer
  await page.route('**/api/garantia/solicitaGarantia', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ status: 503, title: 'Serviço indisponível', msg: 'Tente novamente em instantes.' }) }),
  );
  await page.getByRole('button', { name: 'Enviar Dados' }).click();
  await expect(page.getByRole('alert')).toContainText('Serviço indisponível');
  await expect(page.getByRole('alert')).toContainText('Tente novamente em instantes.');
  await expect(page.getByRole('button', { name: 'Enviar Dados' })).toBeVisible();
  await page.unroute('**/api/garantia/solicitaGarantia');

  // a network failure
  await page.route('**/api/garantia/solicitaGarantia', (route) => route.abort('failed'));
  await page.getByRole('button', { name: 'Enviar Dados' }).click();
  await expect(page.getByRole('alert')).toContainText('Ocorreu uma falha no envio das informações!');
  await page.unroute('**/api/garantia/solicitaGarantia');

  await page.getByRole('button', { name: 'Enviar Dados' }).click();
  await expect(page.getByText('Dados da solicitação enviados para análise!')).toBeVisible();
  await expect(page.getByTestId('codigo-acesso')).toHaveText(/^\d+-\d$/);
});

test('[GARANTIAS]: the admin list filters, duplicata upload, Acerto de Atendimento and Negar', async ({ page, request }) => {
  // the loja's request, through the API (the wizard itself is covered above)
  const cpf = randomCpf();
  const code = await requestGuarantee(request, cpf, 'Otávio Negado Teixeira');

  const check = failOnConsoleErrors(page);
  await openAs(page, 'admin', '/operacao/garantias');
  await expect(page.getByRole('columnheader')).toHaveText(['Protocolo', 'Data', 'Loja', 'Pessoa', 'Cpf/Cnpj', 'Qtd.', 'Situação', 'Possui Duplicata?']);
  expect(await options(page, 'Situação')).toEqual(['TODAS', 'PENDENTE', 'APROVADO', 'CANCELADO', 'NÃO AUTORIZADO']);
  expect(await options(page, 'Duplicatas')).toEqual(['Com e sem duplicatas', 'Somente sem duplicatas', 'Somente com duplicatas']);
  expect(await openAnalysis(page, 'Otávio Negado', code)).toContain('NÃO');

  // duplicatas: upload, then the gallery shows the image at 600x400
  const duplicatas = page.getByRole('region', { name: 'Duplicatas Assinadas' });
  await duplicatas.getByRole('button', { name: 'Exibir' }).click();
  await duplicatas.locator('input[type="file"]').setInputFiles({ name: 'duplicata-01.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Tudo Certo!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Duplicatas Assinadas (1)' })).toBeVisible();
  const img = duplicatas.getByRole('img', { name: 'duplicata-01.png' });
  await expect(img).toHaveAttribute('src', /^\/api\/arquivo\/[0-9a-f-]+\?exp=\d+&sig=/);
  expect(await img.boundingBox()).toMatchObject({ width: 600, height: 400 });

  // Acerto de Atendimento on instalment 01
  const boletos = page.getByRole('region', { name: 'Boletos', exact: true });
  await boletos.getByRole('button', { name: 'Acerto de Atendimento' }).first().click();
  const acerto = page.getByRole('dialog', { name: /Acerto de Atendimento/ });
  await acerto.getByLabel('Valor').fill('321');
  await acerto.getByRole('button', { name: 'Confirmar' }).click();
  await expect(acerto).toHaveCount(0);
  await expect(boletos.getByRole('row').nth(1)).toContainText('R$ 321,00');

  // Negar: the first reason by default, a 6-row note
  await page.getByRole('button', { name: 'Negar' }).click();
  const negar = page.getByRole('dialog', { name: 'Negar Garantia' });
  await expect(negar.getByRole('combobox', { name: 'Motivo' })).toHaveValue('Restrição no CNPJ ligado ao cliente');
  await expect(negar.getByLabel('Observação')).toHaveAttribute('rows', '6');
  await negar.getByRole('combobox', { name: 'Motivo' }).click();
  await page.getByRole('option', { name: 'Telefone não localizado ou sem contato' }).click();
  await negar.getByLabel('Observação').fill('Três tentativas sem resposta / número inexistente');
  await negar.getByRole('button', { name: 'Confirmar' }).click();
  await expect(negar).toHaveCount(0);
  await expect(page.locator('[data-status="NÃO AUTORIZADO"]')).toBeVisible();
  await expect(page.getByText('Três tentativas sem resposta / número inexistente')).toBeVisible();
  for (const name of ['Aprovar', 'Negar', 'Libera Boleto(s)', 'Cancelar Garantia']) await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);

  // back in the list: only with duplicatas + NÃO AUTORIZADO finds it
  await page.getByRole('button', { name: 'Voltar' }).click();
  await page.getByRole('combobox', { name: 'Duplicatas' }).click();
  await page.getByRole('option', { name: 'Somente com duplicatas' }).click();
  await page.getByRole('combobox', { name: 'Situação' }).click();
  await page.getByRole('option', { name: 'NÃO AUTORIZADO' }).click();
  await page.getByPlaceholder('Pesquisar por nome ou CPF/CNPJ').fill(cpf);
  await page.getByPlaceholder('Pesquisar por nome ou CPF/CNPJ').press('Enter');
  await expect(page.getByRole('row').filter({ hasText: code })).toContainText('SIM');
  await expect(page.getByRole('row').filter({ hasText: code }).locator('.NÃO.AUTORIZADO')).toHaveCount(1);
  check();
});
