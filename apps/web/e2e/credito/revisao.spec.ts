import { expect, test } from '@playwright/test';
import { loginAs, openAs } from '../support/session';
import { randomCpf } from '../support/test-data';
import { fillClienteCpf, fillParcelas, lookUp } from '../support/garantias';

/**
 * LGPD art. 20 (issue 29, docs/credito.md): the demo's published credit policy denies a request for
 * someone under 18 automatically; the shop sees the main criteria and asks for a review; an
 * administrador finds it in Política de Crédito > Revisões with its 10-day deadline, reverses it
 * with a reasoning, and the guarantee shows the decision.
 */
test('[CREDITO]: an automatic denial is reviewed by a person — shop asks, administrador decides, the guarantee shows it', async ({ page, browser }) => {
  await loginAs(page, 'loja');
  await lookUp(page, randomCpf());
  await fillClienteCpf(page, 'Lucas Menor Revisão');
  await page.getByLabel('Data de Nascimento').fill('10/04/2012');
  await page.getByRole('button', { name: 'Próximo' }).click();
  await fillParcelas(page, '180');
  await page.getByRole('button', { name: 'Enviar Dados' }).click();

  await expect(page.getByRole('heading', { name: 'Solicitação não aprovada pela política de crédito.' })).toBeVisible();
  await expect(page.getByText('Negar', { exact: true })).toBeVisible();
  await expect(page.getByText('A pessoa tem menos de 18 anos.')).toBeVisible();
  const protocolo = (await page.getByTestId('codigo-acesso').innerText()).trim();
  await page.getByLabel('Justificativa (opcional)').fill('O cliente é emancipado.');
  await page.getByRole('button', { name: 'Solicitar revisão' }).click();
  await expect(page.getByTestId('revisao')).toContainText('Prazo para a resposta');

  // the reviewer
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await openAs(admin, 'admin', '/administracao/politica-credito');
  await expect(admin.getByRole('heading', { name: 'Política de Crédito' })).toBeVisible();
  await admin.getByRole('tab', { name: 'Revisões (LGPD art. 20)' }).click();
  const card = admin.getByLabel(`Revisão da garantia ${protocolo}`);
  await expect(card).toContainText('Lucas Menor Revisão');
  await expect(card).toContainText('(10 dia(s))');
  await expect(card).toContainText('O cliente é emancipado.');
  await expect(card).toContainText('A pessoa tem menos de 18 anos.');
  // a reasoning too short is refused with the server's message
  await card.getByLabel('Fundamentação').fill('ok');
  await card.getByRole('button', { name: 'Reverter a negativa' }).click();
  await expect(card.getByText('Explique a decisão (ao menos 10 caracteres)')).toBeVisible();
  await card.getByLabel('Fundamentação').fill('Certidão de emancipação conferida pelo analista.');
  await card.getByRole('button', { name: 'Reverter a negativa' }).click();
  await expect(card).toHaveCount(0);

  // the guarantee carries the decision: back to PENDENTE, the review shown on the analysis
  const id = protocolo.split('-')[0];
  await admin.goto(`/operacao/garantias/detalhe/${id}`);
  await expect(admin.getByTestId('revisao')).toContainText('Negativa revertida');
  await expect(admin.getByTestId('revisao')).toContainText('Certidão de emancipação conferida pelo analista.');
  await adminContext.close();
});
