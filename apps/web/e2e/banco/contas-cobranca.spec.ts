import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken } from '../support/api';
import { failOnConsoleErrors, openAs } from '../support/session';

/**
 * Several contas de cobrança (issue 30, decision 126) in the browser: the administrador creates a
 * second conta (Itaú 341, whose remessas are CNAB 400 — the bank and its layout come from the
 * engine's registries), sees it listed beside the house default, gives a shop that conta as its own
 * ("Conta da loja") and finally deactivates it — the shop goes back to the house default, so the
 * other specs keep numbering in the demo Caixa conta.
 */
const admin = async (request: APIRequestContext) => ({ authorization: `Bearer ${await apiToken(request, 'admin')}` });

type Conta = { id: number; banco: string; codigo_beneficiario: string; ativa: boolean; padrao: boolean; layout_cnab: number; empresas: { id: number; nome: string }[] };

async function contas(request: APIRequestContext): Promise<Conta[]> {
  const res = await request.get('/api/contaCobranca/list', { headers: await admin(request) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as Conta[];
}

test('[CONTAS]: the admin creates an Itaú conta (CNAB 400), gives a shop that conta and deactivates it', async ({ page, request }) => {
  test.setTimeout(90_000);
  const check = failOnConsoleErrors(page);
  // a beneficiário code of this run, so a rerun on the same database finds its own row
  const codigo = String(10000 + (Date.now() % 89999));
  let criada: Conta | undefined;
  try {
    await openAs(page, 'admin', '/administracao/conta-cobranca');
    const lista = page.getByRole('table', { name: 'Contas de cobrança' });
    await expect(lista.getByText('Padrão da casa')).toBeVisible();

    await page.getByRole('button', { name: 'Nova conta' }).click();
    await expect(page.getByRole('heading', { name: 'Nova conta de cobrança' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Banco', exact: true }).click();
    await page.getByRole('option', { name: /^341 - Itaú/ }).click();
    await page.getByLabel('Agência').fill('0810');
    await page.getByLabel('Conta corrente').fill(codigo);
    await page.getByLabel('Código do beneficiário / Convênio').fill(codigo);
    await page.getByLabel('Carteira').fill('109');
    await page.getByLabel('Nome do beneficiário').fill('Boleto Garantido Itaú');
    await page.getByLabel('CNPJ').fill('11.222.333/0001-81');
    await page.getByLabel('CEP').fill('01310-100');
    await page.getByRole('textbox', { name: 'Endereço', exact: true }).fill('Avenida Paulista');
    await page.getByLabel('Número').fill('1000');
    await page.getByLabel('Bairro').fill('Bela Vista');
    await page.getByLabel('Cidade').fill('São Paulo');
    await page.getByLabel('UF').fill('SP');
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect(page.getByText('Conta de cobrança cadastrada!')).toBeVisible();

    const row = lista.getByRole('row').filter({ hasText: codigo });
    await expect(row).toContainText('CNAB 400');
    await expect(row).toContainText('Ativa');
    criada = (await contas(request)).find((c) => c.codigo_beneficiario === codigo);
    expect(criada).toMatchObject({ banco: '341', layout_cnab: 400, ativa: true, padrao: false });

    // Conta da loja: the first shop of the demo numbers its boletos in the Itaú conta
    await page.getByRole('combobox', { name: 'Loja', exact: true }).click();
    const loja = page.getByRole('option').first();
    const nomeLoja = (await loja.textContent())?.trim() ?? '';
    await loja.click();
    await page.getByRole('combobox', { name: 'Conta de cobrança da loja' }).click();
    await page.getByRole('option', { name: new RegExp(`beneficiário ${codigo}`) }).click();
    await page.getByRole('button', { name: 'Salvar conta da loja' }).click();
    await expect(page.getByText('Conta de cobrança da loja definida!')).toBeVisible();
    await expect(row).toContainText(nomeLoja);
    expect((await contas(request)).find((c) => c.id === criada!.id)?.empresas.map((e) => e.nome)).toEqual([nomeLoja]);

    // deactivated: listed as such, the shop back on the house default
    await row.getByRole('button', { name: 'Desativar' }).click();
    await page.getByRole('button', { name: 'Desativar conta' }).click();
    await expect(page.getByText('Conta de cobrança desativada. Os boletos já emitidos continuam nela.')).toBeVisible();
    await expect(row).toContainText('Desativada');
    expect((await contas(request)).find((c) => c.id === criada!.id)).toMatchObject({ ativa: false, empresas: [] });
    check();
  } finally {
    // whatever happened, no second active conta is left for the other specs
    const ainda = (await contas(request)).find((c) => c.codigo_beneficiario === codigo && c.ativa);
    if (ainda) await request.post(`/api/contaCobranca/desativar/${ainda.id}`, { headers: await admin(request) });
  }
});
