import { expect, test } from '@playwright/test';
import { failOnConsoleErrors, openAs } from '../support/session';

/**
 * Administração > Integrações (issue 28, decision 117) against the real server: a key made in the
 * UI works on /api/v1 at once with its scope only; "Gerar novo segredo" without overlap ends the old
 * secret; "Revogar" ends the key. The list shows the prefix and the last use, never the secret.
 */
test('[INTEGRACAO]: a key made in Integrações calls /api/v1; rotated without overlap the old secret stops; revoked it stops', async ({ page, request }) => {
  const errors = failOnConsoleErrors(page);
  const nome = `Chave e2e ${Date.now()}`;
  await openAs(page, 'loja', '/administracao/integracoes');
  await expect(page.getByRole('heading', { name: 'Integrações' })).toBeVisible();

  await page.getByRole('button', { name: 'Nova chave' }).click();
  await page.getByLabel('Nome').fill(nome);
  await page.getByLabel(/\(boletos:read\)/).check();
  await page.getByRole('button', { name: 'Criar chave' }).click();
  const chave = (await page.getByLabel('Chave de API gerada').innerText()).trim();
  expect(chave).toMatch(/^bg_live_[A-Za-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
  await page.getByRole('button', { name: 'Já guardei' }).click();

  const row = page.getByRole('table', { name: 'Chaves de API' }).getByRole('row', { name: new RegExp(nome) });
  await expect(row).toContainText(chave.slice(0, 16));
  await expect(row).not.toContainText(chave.slice(17));
  await expect(row).toContainText('ATIVA');
  await expect(row).toContainText('Nunca usada');

  const call = (token: string, url = '/api/v1/boletos') => request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect((await call(chave)).status()).toBe(200);
  // its scope only
  const semEscopo = await call(chave, '/api/v1/garantias/1');
  expect(semEscopo.status()).toBe(403);
  expect((await semEscopo.json()).msg).toContain('garantias:read');

  // the last use shows after a reload of the list
  await page.reload();
  await expect(row).not.toContainText('Nunca usada');

  // a new secret without overlap: the old one stops at once
  await row.getByRole('button', { name: `Ações da chave ${nome}` }).click();
  await page.getByRole('menuitem', { name: 'Gerar novo segredo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gerar novo segredo' });
  await dialog.getByRole('combobox', { name: /Sobreposição/ }).click();
  await page.getByRole('option', { name: /Nenhuma/ }).click();
  await dialog.getByRole('button', { name: 'Gerar novo segredo' }).click();
  const nova = (await page.getByLabel('Chave de API gerada').innerText()).trim();
  expect(nova).not.toBe(chave);
  await page.getByRole('button', { name: 'Já guardei' }).click();
  expect((await call(chave)).status()).toBe(401);
  expect((await call(nova)).status()).toBe(200);

  // revoked: every secret refused
  await row.getByRole('button', { name: `Ações da chave ${nome}` }).click();
  await page.getByRole('menuitem', { name: 'Revogar' }).click();
  await page.getByRole('button', { name: 'Revogar chave' }).click();
  await expect(row).toContainText('REVOGADA');
  const revogada = await call(nova);
  expect(revogada.status()).toBe(401);
  expect((await revogada.json()).msg).toBe('Chave de API inválida, revogada ou expirada.');
  errors();
});
