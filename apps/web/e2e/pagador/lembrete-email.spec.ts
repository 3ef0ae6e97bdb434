import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { addDays, dayInSaoPaulo } from '@bg/domain';
import { apiToken } from '../support/api';
import { esperarEmail } from '../support/caixa-de-email';
import { e2eServerNow } from '../support/relogio-e2e';
import { failOnConsoleErrors, openAs } from '../support/session';
import { randomCpf } from '../support/test-data';

/**
 * Issue 27's end-to-end path (docs/messaging.md "Régua de cobrança"): a reminder of the régua,
 * sent by SMTP and found in the suite's SMTP server, leads by its link to the payer page and the
 * boleto's PDF. The e2e server sends e-mail to that server and its clock is inside the sending
 * window (playwright.config.ts, scripts/e2e-server.mjs), so "Executar agora" sends at once.
 *
 * The default régua writes by e-mail only at D+7, a due date no new boleto can have; Loja Demo gets
 * a régua of its own for the test (an e-mail 3 days before the due date) and goes back to the
 * default at the end, as an administrador would do on the same screen.
 */
const LINHA = /\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}/;

/** The answer's `data`, once it is a 200. */
async function ok<T = unknown>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

test('[LEMBRETE]: a reminder e-mail of the régua leads, by its link, to the payer page and the PDF', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const cpf = randomCpf();
  const email = `pagador.${cpf}@example.com`;
  const vencimento = addDays(dayInSaoPaulo(e2eServerNow()), 3);
  // a token per call: the e2e server's access tokens last 5 seconds
  const as = async (who: 'admin' | 'loja') => ({ authorization: `Bearer ${await apiToken(page.request, who)}` });

  // a guarantee of Loja Demo whose first instalment is due in 3 days (server days), approved and released
  const criada = await ok<{ protocolo: string }>(
    await page.request.post('/api/garantia/solicitaGarantia', {
      headers: await as('loja'),
      data: {
        cpf_cnpj: cpf, nome_razao: 'Helena Lembrada Souza', data_nascimento: '1990-03-15', cep: '01310100', endereco: 'Avenida Paulista', numero: '40',
        bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP', ref_pessoal: 'Ana Referência', tel_ref_pessoal: '11912345678', ocupacao: 'Enfermeira',
        renda: 4100, telefone1: '11987654321', qtd_titulos: 2, titulos: [{ parcela: 1, valor: 250, vencimento }, { parcela: 2, valor: 250, vencimento: addDays(vencimento, 30) }],
      },
    }),
  );
  const garantiaId = Number(criada.protocolo.split('-')[0]);
  for (const step of ['aprovar', 'liberaBoleto']) await ok(await page.request.post(`/api/garantia/${step}/${garantiaId}`, { headers: await as('admin'), data: {} }));
  // the e-mail the régua writes to is the one the payer gave to sign the duplicatas
  await ok(await page.request.post(`/api/boleto/getDuplicataAssinatura/${garantiaId}`, { headers: await as('loja'), data: { email, telefone: '11987654321' } }));
  const empresaId = (await ok<{ empresa: { id: number } }>(await page.request.get(`/api/garantia/getById/${garantiaId}`, { headers: await as('admin') }))).empresa.id;

  // a boleto is reminded once it can be paid (for a conta by API, once the bank confirmed it): the
  // payer page lists it by the same rule, so wait until it does
  const { sessao } = await ok<{ sessao: string }>(await page.request.post('/api/pagador/identificar', { data: { documento: cpf, data: '1990-03-15' } }));
  await expect(async () => {
    const lista = await ok<{ boletos: unknown[] }>(await page.request.post('/api/pagador/boletos', { data: { sessao } }));
    expect(lista.boletos).toHaveLength(2);
  }).toPass({ timeout: 60_000, intervals: [2_000] });

  await ok(
    await page.request.post('/api/regua/salvar', {
      headers: await as('admin'),
      data: { empresa_id: empresaId, etapas: [{ dias: -3, canal: 'email', template: 'lembrete_antecipado', ativo: true }], parar_acordo: true, parar_spc: true, parar_contestado: true },
    }),
  );
  let mail;
  try {
    const check = failOnConsoleErrors(page);
    await openAs(page, 'admin', '/administracao/regua');
    await page.getByRole('button', { name: 'Executar agora' }).click();
    await expect(page.getByText(/Régua de cobrança executada/)).toBeVisible({ timeout: 30_000 });
    check();
    mail = await esperarEmail(email, (m) => (m.text ?? '').includes('vence em'));
  } finally {
    await ok(await page.request.post(`/api/regua/restaurar-padrao/${empresaId}`, { headers: await as('admin'), data: {} }));
  }

  // what the e-mail says: a neutral subject, the due date, the linha digitável and the link
  expect(mail.subject).toMatch(/^Mensagem de /);
  const texto = mail.text ?? '';
  expect(texto).toContain(vencimento.split('-').reverse().join('/'));
  const linha = texto.match(LINHA)?.[0];
  expect(linha, texto).toBeTruthy();
  const link = texto.match(/https?:\/\/\S+\/pagar\/[A-Za-z0-9-]+/)?.[0];
  expect(link, texto).toBeTruthy();

  // the payer, in a browser of their own (no session), follows the link
  const payer = await browser.newPage();
  const payerCheck = failOnConsoleErrors(payer);
  await payer.goto(new URL(link!).pathname);
  await expect(payer.getByRole('heading', { name: 'Olá, Helena' })).toBeVisible();
  const boleto = payer.getByRole('article', { name: 'Boleto Loja Demo parcela 1 de 2' });
  await expect(boleto).toContainText('R$ 250,00');
  await expect(boleto.getByLabel('Linha digitável')).toHaveText(linha!);

  // its PDF: the slip, with the same linha digitável printed on it
  const href = await boleto.getByRole('link', { name: 'Baixar boleto (PDF)' }).getAttribute('href');
  const pdf = await payer.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const bytes = await pdf.body();
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bg-lembrete-')), 'boleto.pdf');
  fs.writeFileSync(file, bytes);
  try {
    const impresso = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(impresso).toContain(linha!);
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
  payerCheck();

  // and the way out: the footer's "descadastrar" link (the List-Unsubscribe address) asks, then confirms
  const descadastro = texto.match(/descadastrar: (\S+)/)?.[1];
  expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line.replace(/\r?\n[ \t]+/g, ' ')).toBe(`List-Unsubscribe: <${descadastro}>`);
  await payer.goto(new URL(descadastro!).pathname);
  await payer.getByRole('button', { name: 'Confirmar descadastro' }).click();
  await expect(payer.getByRole('status')).toHaveText('Pronto: você não receberá mais e-mails de Boleto Garantido.');
  await payer.close();
});
