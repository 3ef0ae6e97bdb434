import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomCnpj, randomCpf, isoInMonths, PNG } from '../support/test-data';
import { apiToken } from '../support/api';
import { fillClienteCpf, fillParcelas } from '../support/garantias';
import { failOnConsoleErrors, openAs, openAsUser } from '../support/session';

/**
 * People shared by several shops (issue 23, decision 104): the Loja Demo and a second Loja request a
 * guarantee for one CPF. Each sees its own phones, documents and typed data only — the second
 * Loja's wizard is not even pre-filled from the first's — while the administrador sees both views,
 * each marked by its Loja, and the divergence of the second Loja's name.
 */
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A second Loja with its usuario, made by the administrador through the API. */
async function novaLoja(request: APIRequestContext, fantasia: string, login: string, password: string) {
  const admin = await apiToken(request, 'admin');
  const empresa = await request.post('/api/empresa/create', {
    headers: auth(admin),
    data: {
      cnpj: randomCnpj(), razao: `${fantasia} Ltda`, fantasia, cep: '30130010', endereco: 'Praça Sete de Setembro', numero: '45', complemento: null,
      bairro: 'Centro', cidade: 'Belo Horizonte', uf: 'MG', email: 'contato@example.com', tel1: '3132145566',
    },
  });
  expect(empresa.status(), await empresa.text()).toBe(200);
  const empresaId = (await empresa.json()).data.id as number;
  const usuario = await request.post('/api/usuario/create', {
    headers: auth(admin),
    data: { name: `Vendedor ${fantasia}`, login, password, nivel: '1', empresa_id: empresaId, email: null, setor: 'Vendas' },
  });
  expect(usuario.status(), await usuario.text()).toBe(200);
}

/** Pessoas: finds the person by its document and answers its row. */
async function pessoaRow(page: Page, cpf: string) {
  await page.goto('/administracao/pessoas');
  await page.getByPlaceholder('Pesquisar por nome').fill(cpf);
  await page.getByPlaceholder('Pesquisar por nome').press('Enter');
  const row = page.getByRole('row').filter({ hasText: cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4') });
  await expect(row).toHaveCount(1);
  return row;
}

test('[CADASTROS]: two Lojas request a guarantee for one CPF; neither sees the other\'s phones or documents, the administrador sees both marked by Loja', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const check = failOnConsoleErrors(page);
  const stamp = Date.now().toString(36);
  const cpf = randomCpf();
  const norte = `Loja Norte ${stamp}`;
  const loginNorte = `norte${stamp}`;
  const senhaNorte = `Norte-${stamp}-Vendas!`;
  await novaLoja(page.request, norte, loginNorte, senhaNorte);

  // Loja Demo: its request, an extra phone and a document (API)
  const demo = await apiToken(page.request, 'loja');
  const pedido = await page.request.post('/api/garantia/solicitaGarantia', {
    headers: auth(demo),
    data: {
      cpf_cnpj: cpf, nome_razao: `Helena Demo ${stamp}`, data_nascimento: '1988-05-05', cep: '01310100', endereco: 'Avenida Paulista', numero: '12',
      bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP', ref_pessoal: 'Ana Referência', tel_ref_pessoal: '11912345678', ocupacao: 'Professora',
      renda: 3200, telefone1: '11987654321', qtd_titulos: 2,
      titulos: [{ parcela: 1, valor: 300, vencimento: isoInMonths(1) }, { parcela: 2, valor: 300, vencimento: isoInMonths(2) }],
    },
  });
  expect(pedido.status(), await pedido.text()).toBe(200);
  const pessoaId = (await pedido.json()).data.pessoa_id as number;
  expect((await page.request.post('/api/pessoa/adicionaTelefone', { headers: auth(demo), data: { pessoa_id: pessoaId, telefone: '11955550001', contato: 'Recado Loja Demo' } })).status()).toBe(200);
  const doc = await page.request.post('/api/pessoa/uploadDocumento', {
    headers: auth(demo),
    multipart: { pessoa_id: String(pessoaId), arquivo: { name: 'rg-loja-demo.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(doc.status(), await doc.text()).toBe(200);

  // Loja Norte, in its own browser: the wizard knows nothing of what the Loja Demo typed
  const norteContext = await browser.newContext();
  const nortePage = await norteContext.newPage();
  const checkNorte = failOnConsoleErrors(nortePage);
  await openAsUser(nortePage, loginNorte, senhaNorte, '/operacao/garantias/nova');
  await nortePage.getByLabel('Informe o CPF/CNPJ do cliente').fill(cpf);
  await nortePage.getByRole('button', { name: 'Próximo' }).click();
  await expect(nortePage.getByLabel('Nome Completo')).toHaveValue('');
  await expect(nortePage.getByLabel('Endereço')).toHaveValue('');
  await fillClienteCpf(nortePage, `Helena Norte ${stamp}`);
  await nortePage.locator('input[type="file"]').setInputFiles({ name: 'rg-loja-norte.png', mimeType: 'image/png', buffer: PNG });
  await nortePage.getByRole('button', { name: 'Próximo' }).click();
  await fillParcelas(nortePage, '200');
  await nortePage.getByRole('button', { name: 'Enviar Dados' }).click();
  await expect(nortePage.getByText('Dados da solicitação enviados para análise!')).toBeVisible();

  // Loja Norte's Pessoas: its name, its phone (added here), its document — none of the Loja Demo's
  const rowNorte = await pessoaRow(nortePage, cpf);
  await expect(rowNorte).toContainText(`Helena Norte ${stamp}`);
  await rowNorte.getByRole('button', { name: 'Telefones' }).click();
  const phonesNorte = nortePage.getByRole('dialog');
  await phonesNorte.getByRole('textbox', { name: 'Telefone', exact: true }).fill('(31) 95555-0002');
  await phonesNorte.getByLabel('Contato').fill('Recado Loja Norte');
  await phonesNorte.getByRole('button', { name: 'Adicionar' }).click();
  await expect(phonesNorte.getByRole('row', { name: /Recado Loja Norte/ })).toBeVisible();
  await expect(phonesNorte.getByText('Recado Loja Demo')).toHaveCount(0);
  await nortePage.keyboard.press('Escape');
  await rowNorte.getByRole('button', { name: 'Atualizar' }).click();
  await expect(nortePage.getByRole('heading', { name: 'Atualização da Pessoa' })).toBeVisible();
  await expect(nortePage.getByRole('tablist')).toHaveCount(0);
  await expect(nortePage.getByLabel('Nome Completo')).toHaveValue(`Helena Norte ${stamp}`);
  await expect(nortePage.getByRole('img', { name: 'rg-loja-norte.png' })).toBeVisible();
  await expect(nortePage.getByText('rg-loja-demo.png')).toHaveCount(0);
  checkNorte();
  await norteContext.close();

  // Loja Demo's Pessoas: the mirror image
  await openAs(page, 'loja', '/administracao/pessoas');
  const rowDemo = await pessoaRow(page, cpf);
  await expect(rowDemo).toContainText(`Helena Demo ${stamp}`);
  await rowDemo.getByRole('button', { name: 'Telefones' }).click();
  const phonesDemo = page.getByRole('dialog');
  await expect(phonesDemo.getByRole('row', { name: /Recado Loja Demo/ })).toBeVisible();
  await expect(phonesDemo.getByText('Recado Loja Norte')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await rowDemo.getByRole('button', { name: 'Atualizar' }).click();
  await expect(page.getByLabel('Nome Completo')).toHaveValue(`Helena Demo ${stamp}`);
  await expect(page.getByRole('img', { name: 'rg-loja-demo.png' })).toBeVisible();
  await expect(page.getByText('rg-loja-norte.png')).toHaveCount(0);

  // the administrador: both views, each marked by its Loja, Loja Norte's name diverging
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  const checkAdmin = failOnConsoleErrors(adminPage);
  await openAs(adminPage, 'admin', '/administracao/pessoas');
  const rowAdmin = await pessoaRow(adminPage, cpf);
  await rowAdmin.getByRole('button', { name: 'Telefones' }).click();
  const phonesAdmin = adminPage.getByRole('dialog');
  await expect(phonesAdmin.getByRole('row', { name: /Recado Loja Demo/ })).toContainText('Loja Demo');
  await expect(phonesAdmin.getByRole('row', { name: /Recado Loja Norte/ })).toContainText(norte);
  await adminPage.keyboard.press('Escape');
  await rowAdmin.getByRole('button', { name: 'Atualizar' }).click();
  await expect(adminPage.getByRole('heading', { name: 'Identificação (comum a todas as lojas)' })).toBeVisible();
  const tabs = adminPage.getByRole('tablist', { name: 'Visões por loja' });
  await expect(tabs.getByRole('tab', { name: /^Loja Demo/ })).toBeVisible();
  await expect(tabs.getByRole('tab', { name: new RegExp(norte) })).toContainText('Divergência');
  await tabs.getByRole('tab', { name: /^Loja Demo/ }).click();
  await expect(adminPage.getByRole('img', { name: 'rg-loja-demo.png' })).toBeVisible();
  await expect(adminPage.getByText('rg-loja-norte.png')).toHaveCount(0);
  await tabs.getByRole('tab', { name: new RegExp(norte) }).click();
  await expect(adminPage.getByText(`Divergência com a identificação (${norte})`)).toBeVisible();
  await expect(adminPage.getByRole('tabpanel').getByLabel('Nome Completo')).toHaveValue(`Helena Norte ${stamp}`);
  // the shared identity is the first Loja's
  await expect(adminPage.getByRole('region', { name: 'Identificação' }).getByLabel('Nome Completo')).toHaveValue(`Helena Demo ${stamp}`);
  await expect(adminPage.getByRole('img', { name: 'rg-loja-norte.png' })).toBeVisible();
  checkAdmin();
  await adminContext.close();
  check();
});
