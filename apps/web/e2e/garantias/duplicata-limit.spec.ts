import { expect, test } from '@playwright/test';
import { requestGuarantee } from '../support/api';
import { openAnalysis } from '../support/garantias';
import { failOnConsoleErrors, loginAs } from '../support/session';
import { PNG, randomCpf } from '../support/test-data';

const pngs = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `duplicata-${String(i + 1).padStart(2, '0')}.png`, mimeType: 'image/png', buffer: PNG }));

test('[GARANTIAS]: the duplicata upload refuses 13 files in the browser and sends 12', async ({ page, request }) => {
  const cpf = randomCpf();
  const code = await requestGuarantee(request, cpf, 'Beatriz Doze Arquivos');

  const check = failOnConsoleErrors(page);
  // requests that left the browser, and their answers (a 401 replayed after a silent token
  // refresh is still the same one upload)
  const sent: string[] = [];
  const uploads: number[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/garantia/uploadDuplicata')) sent.push(r.method());
  });
  page.on('response', (r) => {
    if (r.url().includes('/api/garantia/uploadDuplicata')) uploads.push(r.status());
  });
  await loginAs(page, 'admin');
  expect(await openAnalysis(page, cpf, code)).toContain('NÃO');

  const duplicatas = page.getByRole('region', { name: 'Duplicatas Assinadas' });
  await duplicatas.getByRole('button', { name: 'Exibir' }).click();
  const input = duplicatas.locator('input[type="file"]');

  // 13 files: a clear message, and nothing leaves the browser
  await input.setInputFiles(pngs(13));
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Selecione no máximo 12 duplicatas por envio. Nenhum arquivo foi enviado.');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect(sent).toEqual([]);
  await expect(page.getByRole('heading', { name: 'Duplicatas Assinadas (0)' })).toBeVisible();

  // 12 files: one upload with all of them
  await input.setInputFiles(pngs(12));
  await expect(page.getByText('Tudo Certo!')).toBeVisible();
  await expect(page.getByText('Duplicata(s) enviada(s) com sucesso.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Duplicatas Assinadas (12)' })).toBeVisible();
  expect(uploads.filter((status) => status !== 401)).toEqual([200]);
  expect(new Set(sent)).toEqual(new Set(['POST']));

  // the list now says the guarantee has duplicatas
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Voltar' }).click();
  await page.getByPlaceholder('Pesquisar por nome ou CPF/CNPJ').fill(cpf);
  await page.getByPlaceholder('Pesquisar por nome ou CPF/CNPJ').press('Enter');
  await expect(page.getByRole('row').filter({ hasText: code })).toContainText('SIM');
  check();
});
