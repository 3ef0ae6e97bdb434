import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiToken, releasedGuarantee } from '../support/api';
import { generateAndDownloadRemessa } from '../support/remessas';
import { failOnConsoleErrors } from '../support/session';
import { randomCpf } from '../support/test-data';
import { bankAnswer } from './bank-answer';

/**
 * The money loop: a released guarantee goes to the bank in a remessa the administrador generates
 * and downloads; the bank's answer (written from that file by the test, as the bank would) is
 * uploaded, previewed and applied; Boletos Garantidos then shows the instalments GARANTIDO and
 * LIQUIDADO.
 */
test('[CNAB]: remessa generated and downloaded, the bank answer uploaded, previewed and applied → GARANTIDO and LIQUIDADO', async ({ page, request }) => {
  test.setTimeout(120_000);
  const check = failOnConsoleErrors(page);
  const nome = `Cliente Remessa ${Date.now() % 1_000_000}`;
  const { protocolo } = await releasedGuarantee(request, randomCpf(), nome);

  const remessa = await generateAndDownloadRemessa(page);
  expect(remessa.toString('latin1').slice(0, 3)).toBe('104');

  // the bank: every entrada confirmed, our first instalment also paid; plus unknown titles, listed as not found
  const { bytes, entradas } = await bankAnswer(remessa, { liquidar: (e) => e.documentNumber === `${protocolo}/01`, naoEncontrados: 600 });
  expect(entradas.map((e) => e.documentNumber)).toEqual(expect.arrayContaining([`${protocolo}/01`, `${protocolo}/02`]));
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bg-e2e-ret-')), 'RETORNO-E2E.ret');
  fs.writeFileSync(file, bytes);

  await page.goto('/operacao/retornos');
  // a slow link, so the upload's progress bar is there to be seen
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 100 * 1024 });
  await page.locator('input[type="file"]').setInputFiles(file);
  await expect(page.getByTestId('upload-progress')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Envio do arquivo' })).toBeVisible();
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  const panel = page.getByTestId('retorno-panel');
  await expect(panel).toHaveAttribute('data-status', 'PRONTO', { timeout: 30_000 });
  // The preview of a file this small can finish before the panel's first poll, so its progress bar
  // (data-testid="job-progress") is not reliably on screen: check the state it ends in instead —
  // the bar gone and the preview job's progress at the whole file (bytes read = file size).
  await expect(panel.getByTestId('job-progress')).toHaveCount(0);
  const retornoId = Number(/Retorno nº (\d+)/.exec((await panel.getByRole('heading', { name: /Retorno nº/ }).textContent()) ?? '')?.[1]);
  // a fresh token: the e2e server's access tokens last 5 s
  const detail = await request.get(`/api/retorno/getById/${retornoId}`, { headers: { authorization: `Bearer ${await apiToken(request, 'admin')}` } });
  expect(detail.status(), await detail.text()).toBe(200);
  expect((await detail.json()).data.job).toMatchObject({ kind: 'cnab.retorno-previa', status: 'done', progress_unit: 'bytes', progress_done: bytes.length, progress_total: bytes.length });
  const previa = panel.getByRole('table', { name: 'Prévia do retorno' });
  await expect(previa.getByRole('row', { name: /Liquidações/ })).toContainText('1');
  await expect(previa.getByRole('row', { name: /Não encontrados/ })).toContainText('600');
  await expect(panel.getByText('Nosso número não encontrado nesta conta.').first()).toBeVisible();

  await panel.getByRole('button', { name: 'Aplicar retorno' }).click();
  await page.getByRole('button', { name: 'Sim, aplicar retorno' }).click();
  await expect(panel).toHaveAttribute('data-status', 'PROCESSADO', { timeout: 60_000 });
  await expect(panel.getByTestId('retorno-resultado')).toContainText(/Liquidados: 1/);
  await panel.getByRole('button', { name: 'Resultado por título' }).click();
  await expect(page.getByRole('table', { name: 'Resultado por título' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/financeiro/boletos');
  await page.getByPlaceholder('Pesquisar por cliente, CPF/CNPJ ou garantia').fill(nome);
  await page.keyboard.press('Enter');
  const rows = page.getByRole('row').filter({ hasText: nome });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: `(1)` }).locator('[data-status="LIQUIDADO"]')).toBeVisible();
  await expect(rows.filter({ hasText: `(2)` }).locator('[data-status="GARANTIDO"]')).toBeVisible();
  check();
});
