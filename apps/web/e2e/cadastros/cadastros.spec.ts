import { expect, test, type Page } from '@playwright/test';
import { completeCnpj } from '@bg/domain';
import { apiToken } from '../support/api';
import { failOnConsoleErrors, loginAs, openAs } from '../support/session';


// A 1×1 PNG (the server checks the content, not the name).
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function confirmDialog(page: Page, label: string) {
  await page.getByRole('dialog').getByRole('button', { name: label }).click();
}

test('[CADASTROS]: creates an empresa with the CEP lookup, blocks it and its user is refused at login', async ({ page, request, browser }) => {
  const check = failOnConsoleErrors(page);
  const stamp = String(Date.now()).slice(-6);
  const fantasia = `Calçados Teste ${stamp}`;
  await openAs(page, 'admin', '/administracao/empresas');
  await expect(page.getByRole('columnheader')).toHaveText(['ID', 'Fantasia', 'CNPJ', 'Telefone', 'Email', 'Situação', 'Dt. Cadastro', 'Ação']);
  await page.getByRole('button', { name: 'Novo' }).click();
  await expect(page).toHaveURL(/\/administracao\/empresas\/nova$/);
  await expect(page.getByLabel('Taxa de antecipação (%)')).toBeDisabled();
  // Spec §9 defaults of a new empresa; the limits start empty.
  await expect(page.getByLabel('Comissão do franqueado (%)')).toHaveValue('10');
  await expect(page.getByLabel('Valor da consulta')).toHaveValue('R$ 3,50');
  await expect(page.getByLabel('Mensalidade')).toHaveValue('R$ 150,00');
  await expect(page.getByLabel('Taxa pró-rata (% ao dia)')).toHaveValue('0,1');
  await expect(page.getByLabel('Qtd. máxima de parcelas')).toHaveValue('12');
  await expect(page.getByRole('combobox', { name: 'Antecipa' })).toHaveValue('Não');
  await expect(page.getByRole('combobox', { name: 'Simula venda' })).toHaveValue('Não');
  await expect(page.getByLabel('Limite por CPF/CNPJ')).toHaveValue('');
  await expect(page.getByLabel('Limite por boleto')).toHaveValue('');
  // The administrador picks the franqueado.
  await page.getByRole('combobox', { name: 'Franqueado', exact: true }).click();
  await expect(page.getByRole('option', { name: 'Franquia Demo' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: 'CNPJ', exact: true }).fill(completeCnpj(`${stamp}880001`));
  await page.getByLabel('Razão Social').fill(`${fantasia} Ltda`);
  await page.getByLabel('Nome Fantasia').fill(fantasia);

  // An invalid CEP shows the spec message; a cached one fills the address and locks city/UF.
  await page.getByRole('textbox', { name: 'CEP', exact: true }).fill('123');
  await page.getByRole('textbox', { name: 'CEP', exact: true }).blur();
  await expect(page.getByText('Digite um CEP válido!')).toBeVisible();
  await page.getByRole('textbox', { name: 'CEP', exact: true }).fill('30130010');
  await page.getByRole('textbox', { name: 'CEP', exact: true }).blur();
  await expect(page.getByLabel('Endereço')).toHaveValue('Praça Sete de Setembro');
  await expect(page.getByLabel('Cidade')).toHaveValue('Belo Horizonte');
  await expect(page.getByLabel('UF')).toHaveValue('MG');
  await expect(page.getByLabel('Cidade')).toBeDisabled();
  await page.getByLabel('Número').fill('300');
  await page.getByRole('combobox', { name: 'Antecipa' }).click();
  await page.getByRole('option', { name: 'Sim' }).click();
  await expect(page.getByLabel('Taxa de antecipação (%)')).toBeEnabled();
  await page.getByLabel('Taxa de antecipação (%)').fill('2,5');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Tudo Certo!')).toBeVisible();
  await expect(page).toHaveURL(/\/administracao\/empresas$/);

  // A user of that empresa (through the API), then block the empresa on the list.
  const adminToken = await apiToken(request, 'admin');
  const empresas = await (await request.get('/api/empresa/dataForSelect', { headers: { authorization: `Bearer ${adminToken}` } })).json();
  const empresaId = empresas.data.find((e: { label: string }) => e.label === fantasia).value;
  const login = `vend${stamp}`;
  const created = await request.post('/api/usuario/create', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { name: 'Vendedor Teste', login, password: 'senha12345', nivel: '1', empresa_id: empresaId },
  });
  expect(created.status()).toBe(200);

  await page.getByPlaceholder('Pesquisar por nome da empresa').fill(fantasia);
  await page.getByPlaceholder('Pesquisar por nome da empresa').press('Enter');
  const row = page.getByRole('row', { name: new RegExp(fantasia) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('ATIVA')).toBeVisible();
  await row.getByRole('button', { name: 'Bloquear' }).click();
  await confirmDialog(page, 'Bloquear');
  await expect(row.getByText('BLOQUEADA')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Ativar' })).toBeVisible();

  const other = await browser.newPage();
  await other.goto('/login');
  await other.getByLabel('Login').fill(login);
  await other.getByLabel('Senha').fill('senha12345');
  await other.getByRole('button', { name: 'Entrar' }).click();
  await expect(other.getByRole('alert')).toContainText('Empresa bloqueada');
  await expect(other).toHaveURL(/\/login/);
  await other.close();
  check();
});

test('[CADASTROS]: an usuario edits its empresa with the franqueado and the commercial terms read-only', async ({ page }) => {
  const check = failOnConsoleErrors(page);
  await openAs(page, 'loja', '/administracao/empresas');
  await expect(page.getByRole('button', { name: 'Novo' })).toHaveCount(0);
  await page.getByRole('row', { name: /Loja Demo/ }).getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { name: 'Atualização da Empresa' })).toBeVisible();
  // Its franqueado (outside its own scope) is named, and the select does not open.
  const franqueado = page.getByRole('combobox', { name: 'Franqueado', exact: true });
  await expect(franqueado).toHaveValue('Franquia Demo');
  await expect(franqueado).toHaveAttribute('readonly', '');
  await franqueado.click();
  await expect(page.getByRole('option')).toHaveCount(0);
  await expect(page.getByLabel('Comissão do franqueado (%)')).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'Antecipa' })).toBeDisabled();
  await expect(page.getByLabel('Taxa de antecipação (%)')).toBeDisabled();
  await expect(page.getByLabel('Razão Social')).toBeEnabled();
  check();
});

test('[CADASTROS]: Administração > Franqueados lists each franchisor with its franchisees', async ({ page }) => {
  const check = failOnConsoleErrors(page);
  await loginAs(page, 'admin');
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  if (!(await nav.getByRole('link', { name: 'Franqueados' }).isVisible())) await nav.getByText('Administração').click();
  await nav.getByRole('link', { name: 'Franqueados' }).click();
  await expect(page).toHaveURL(/\/cadastros\/empresas$/);
  const franquia = page.getByRole('table', { name: 'Franqueadas de Franquia Demo' });
  await expect(franquia.getByRole('row', { name: /Loja Demo/ })).toBeVisible();
  await expect(franquia.getByRole('row', { name: /Ótica Visão Clara/ })).toBeVisible();
  check();
});

test('[CADASTROS]: adds and removes a phone of a person', async ({ page }) => {
  const check = failOnConsoleErrors(page);
  await openAs(page, 'admin', '/administracao/pessoas');
  await page.getByPlaceholder('Pesquisar por nome').fill('Mariana Souza');
  await page.getByPlaceholder('Pesquisar por nome').press('Enter');
  const row = page.getByRole('row', { name: /Mariana Souza Oliveira/ });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('columnheader')).toHaveText(['ID', 'Nome/Razão', 'CPF/CNPJ', 'Telefone 1', 'Telefone 2', 'Situação', 'Ação']);
  await expect(row.getByText('ATIVO')).toBeVisible();
  await row.getByRole('button', { name: 'Telefones' }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('row', { name: /Marido \(Roberto\)/ })).toBeVisible();
  // the administrador reads every Loja's phones, each marked by its Loja (decision 104)
  await expect(modal.getByRole('columnheader')).toHaveText(['ID', 'Telefone', 'Contato', 'Loja', 'Cadastrado em', 'Ação']);
  await modal.getByRole('textbox', { name: 'Telefone', exact: true }).fill('(11) 91234-5678');
  await modal.getByLabel('Contato').fill('Trabalho');
  await modal.getByRole('button', { name: 'Adicionar' }).click();
  const phone = modal.getByRole('row', { name: /Trabalho/ });
  await expect(phone).toContainText('(11)91234-5678');
  await phone.getByRole('button', { name: 'Remover' }).click();
  await page.getByRole('dialog', { name: 'Remover telefone' }).getByRole('button', { name: 'Remover' }).click();
  await expect(modal.getByRole('row', { name: /Trabalho/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Documents: uploaded on the person's form, shown in the gallery through an expiring link.
  await row.getByRole('button', { name: 'Atualizar' }).click();
  await expect(page.getByRole('heading', { name: 'Atualização da Pessoa' })).toBeVisible();
  await page.locator('input[type=file]').setInputFiles({ name: 'rg-frente.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(page.getByText('Tudo Certo!')).toBeVisible();
  const img = page.getByRole('img', { name: 'rg-frente.png' });
  await expect(img).toHaveAttribute('src', /^\/api\/arquivo\/[^?]+\?exp=\d+&sig=/);
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1);
  check();
});

test('[CADASTROS]: an usuario creates a user of its empresa, never an administrador', async ({ page, request }) => {
  const check = failOnConsoleErrors(page);
  const login = `caixa${String(Date.now()).slice(-6)}`;
  await openAs(page, 'loja', '/administracao/usuarios/novo');
  await page.getByRole('combobox', { name: 'Nível' }).click();
  await expect(page.getByRole('option')).toHaveText(['Usuário']);
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Carla Caixa');
  await page.getByRole('textbox', { name: 'Login', exact: true }).fill(login);
  await page.getByLabel(/^Senha/).fill('senha12345');
  await page.getByLabel(/^Confirmação da senha/).fill('senha12345');
  await expect(page.getByRole('combobox', { name: 'Empresa' })).toHaveValue('Loja Demo');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Tudo Certo!')).toBeVisible();
  await expect(page).toHaveURL(/\/administracao\/usuarios$/);
  const userRow = page.getByRole('row', { name: new RegExp(login) });
  await expect(userRow).toBeVisible();

  // Editing disables the password fields.
  await userRow.getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByRole('textbox', { name: 'Login', exact: true })).toHaveValue(login);
  await expect(page.getByLabel(/^Senha/)).toBeDisabled();
  await expect(page.getByLabel(/^Confirmação da senha/)).toBeDisabled();
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/administracao\/usuarios$/);

  // Bloquear / Desbloquear from the list, each after a confirmation.
  await userRow.getByRole('button', { name: 'Bloquear' }).click();
  await page.getByRole('dialog', { name: 'Bloquear usuário' }).getByRole('button', { name: 'Bloquear' }).click();
  await expect(userRow.getByText('BLOQUEADO')).toBeVisible();
  await userRow.getByRole('button', { name: 'Desbloquear' }).click();
  await page.getByRole('dialog', { name: 'Desbloquear usuário' }).getByRole('button', { name: 'Desbloquear' }).click();
  await expect(userRow.getByText('ATIVO')).toBeVisible();
  await expect(userRow.getByRole('button', { name: 'Bloquear' })).toBeVisible();

  const token = await apiToken(request, 'loja');
  const forced = await request.post('/api/usuario/create', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Intruso', login: `${login}x`, password: 'senha12345', nivel: '2', empresa_id: null },
  });
  expect(forced.status()).toBe(403);
  check();
});
