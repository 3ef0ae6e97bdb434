import { expect, test, type APIRequestContext } from '@playwright/test';
import { formatCpfCnpj } from '@bg/domain';
import { DEMO, failOnConsoleErrors, loginAs, openAs } from '../support/session';
import { isoInMonths, randomCpf } from '../support/test-data';

async function tokenOf(request: APIRequestContext, who: keyof typeof DEMO) {
  const res = await request.post('/api/login', { data: { username: DEMO[who].login, password: DEMO[who].password } });
  return (await res.json()).access_token as string;
}

/** The loja's request (through the API; the wizard has its own tests) approved by the administrador. */
async function approvedGuarantee(request: APIRequestContext, cpf: string, nome: string) {
  const loja = await tokenOf(request, 'loja');
  const created = await request.post('/api/garantia/solicitaGarantia', {
    headers: { authorization: `Bearer ${loja}` },
    data: {
      cpf_cnpj: cpf, nome_razao: nome, data_nascimento: '1984-02-14', cep: '01310100', endereco: 'Avenida Paulista', numero: '900',
      bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP', ref_pessoal: 'Rita Ref', tel_ref_pessoal: '11912345678', ocupacao: 'Engenheira',
      renda: 6200, telefone1: '11987654321', qtd_titulos: 2,
      titulos: [{ parcela: 1, valor: 450, vencimento: isoInMonths(1) }, { parcela: 2, valor: 450, vencimento: isoInMonths(2) }],
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { id, protocolo } = (await created.json()).data as { id: number; protocolo: string };
  const approved = await request.post(`/api/garantia/aprovar/${id}`, { headers: { authorization: `Bearer ${await tokenOf(request, 'admin')}` } });
  expect(approved.status(), await approved.text()).toBe(200);
  return { id, protocolo };
}

test('[ASSINATURA]: the loja sends the duplicatas, the customer signs through the link without logging in, the administrador sees the signed PDF', async ({ browser, page, request }) => {
  const cpf = randomCpf();
  const nome = 'Helena Assinatura Prado';
  const email = `helena.${cpf}@example.com`;
  const { id, protocolo } = await approvedGuarantee(request, cpf, nome);

  // 1. Boletos da Garantia → Assinatura digital (phone and e-mail)
  const checkLoja = failOnConsoleErrors(page);
  await openAs(page, 'loja', `/operacao/garantias/impressao/detalhe/${id}`);
  await expect(page.getByRole('heading', { name: 'Boletos da Garantia' })).toBeVisible();
  await page.getByRole('button', { name: 'Assinatura digital' }).click();
  const modal = page.getByRole('dialog', { name: 'Assinatura digital' });
  await modal.getByRole('button', { name: 'Enviar' }).click();
  await expect(modal.getByText('Campo obrigatório')).toHaveCount(2);
  await modal.getByLabel('Telefone (WhatsApp)').fill('11 987654321');
  await expect(modal.getByLabel('Telefone (WhatsApp)')).toHaveValue('(11) 98765-4321');
  await modal.getByLabel('E-mail').fill(email);
  await modal.getByRole('button', { name: 'Enviar' }).click();
  const sent = page.getByRole('dialog', { name: 'Documento enviado com sucesso!' });
  await expect(sent.getByText('O link para realizar assinatura foi enviado para o whatsapp informado!')).toBeVisible();
  await page.keyboard.press('Escape');
  const envios = page.getByRole('table', { name: 'Envios para assinatura' });
  await expect(envios).toContainText(email);
  await expect(envios).toContainText('PENDENTE');
  checkLoja();

  // 2. Administração > Mensagens: the WhatsApp and the e-mail with the link
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const checkAdmin = failOnConsoleErrors(admin);
  await loginAs(admin, 'admin');
  const nav = admin.getByRole('navigation', { name: 'Menu principal' });
  const mensagens = nav.getByRole('link', { name: 'Mensagens' });
  // the section may still be opening (or restoring its state) right after login: try until the page is there
  await expect(async () => {
    if (!(await mensagens.isVisible())) await nav.getByText('Administração', { exact: true }).click();
    await mensagens.click({ timeout: 2000 });
    await expect(admin).toHaveURL(/\/administracao\/mensagens$/, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(admin.getByRole('heading', { name: 'Mensagens' })).toBeVisible();
  const outbox = admin.getByRole('table', { name: 'Mensagens' });
  await admin.getByPlaceholder('Pesquisar por destinatário, pessoa, texto ou id do provedor').fill(email);
  await admin.getByPlaceholder('Pesquisar por destinatário, pessoa, texto ou id do provedor').press('Enter');
  const emailRow = outbox.getByRole('row').filter({ hasText: email });
  await expect(emailRow).toHaveCount(1);
  const link = (await emailRow.getByLabel('Link da mensagem').innerText()).trim();
  expect(link).toMatch(/\/assinatura\/[A-Za-z0-9_-]{43}$/);
  // the WhatsApp carries the same link; both leave the outbox (the job sends them right away)
  await admin.getByPlaceholder('Pesquisar por destinatário, pessoa, texto ou id do provedor').fill(link.split('/').pop()!);
  await expect(async () => {
    await admin.getByRole('button', { name: 'Filtrar' }).click();
    const rows = outbox.getByRole('row').filter({ hasText: link });
    await expect(rows).toHaveCount(2, { timeout: 1000 });
    await expect(rows.filter({ hasText: '(11)98765-4321' })).toHaveCount(1, { timeout: 1000 });
    await expect(rows.filter({ hasText: 'ENVIADA' })).toHaveCount(2, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });

  // 3. A fresh browser (no session): the public page, the PDF exactly as sent, and the signature
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  // a wrong CPF is answered 422 on purpose below: the browser logs it, the app does not fail
  const customerErrors: string[] = [];
  customer.on('pageerror', (e) => customerErrors.push(e.message));
  customer.on('console', (m) => {
    if (m.type() === 'error' && !/status of 422/.test(m.text())) customerErrors.push(m.text());
  });
  await customer.goto(link);
  await expect(customer.getByRole('heading', { name: 'Assinatura de Duplicatas' })).toBeVisible();
  await expect(customer.getByText(nome, { exact: true })).toBeVisible();
  await expect(customer.getByRole('table', { name: 'Duplicatas a assinar' })).toContainText('R$ 900,00');
  const pdfHref = await customer.getByRole('link', { name: 'Abrir o documento (PDF)' }).getAttribute('href');
  const pdf = await customerContext.request.get(pdfHref!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const hash = (await customer.getByLabel('SHA-256 do documento').innerText()).trim();
  const { createHash } = await import('node:crypto');
  expect(createHash('sha256').update(await pdf.body()).digest('hex')).toBe(hash);

  await customer.getByLabel('Seu CPF/CNPJ').fill(formatCpfCnpj(randomCpf()));
  await customer.getByLabel('Nome completo').fill(nome);
  await customer.getByRole('checkbox').check();
  const wrong = customer.waitForResponse((r) => r.url().includes('/assinar'));
  await customer.getByRole('button', { name: 'Assinar' }).click();
  expect((await wrong).status()).toBe(422);
  await expect(customer.getByRole('alert')).toContainText('não confere');
  await customer.getByLabel('Seu CPF/CNPJ').fill(formatCpfCnpj(cpf));
  await customer.getByRole('button', { name: 'Assinar' }).click();
  await expect(customer.getByRole('heading', { name: 'Duplicatas assinadas com sucesso!' })).toBeVisible();
  expect(customerErrors).toEqual([]);

  // the link is used up: a neutral page, never the document
  const again = await customerContext.newPage();
  await again.goto(link);
  await expect(again.getByRole('heading', { name: 'Link inválido ou expirado.' })).toBeVisible();
  await expect(again.getByRole('link', { name: 'Abrir o documento (PDF)' })).toHaveCount(0);
  await customerContext.close();

  // 4. Análise da Garantia: the signed PDF in Duplicatas Assinadas, Possui Duplicata S
  await admin.goto(`/operacao/garantias/detalhe/${id}`);
  await expect(admin.getByRole('heading', { name: `Análise da Garantia ${protocolo}` })).toBeVisible();
  const gallery = admin.getByRole('region', { name: 'Duplicatas Assinadas' });
  await expect(gallery.getByRole('heading', { name: 'Duplicatas Assinadas (1)' })).toBeVisible();
  await gallery.getByRole('button', { name: 'Exibir' }).click();
  const card = gallery.getByRole('region', { name: `duplicatas-${protocolo}-assinadas.pdf` });
  await expect(card).toBeVisible();
  const signed = await adminContext.request.get((await card.getByRole('link', { name: 'Baixar' }).getAttribute('href'))!);
  expect(signed.status()).toBe(200);
  expect(signed.headers()['content-type']).toBe('application/pdf');
  expect(signed.headers()['content-disposition']).toMatch(/^attachment/);
  checkAdmin();
  await adminContext.close();
});
