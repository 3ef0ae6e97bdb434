import { expect, test } from '@playwright/test';
import { loginAs } from '../support/session';
import { PNG, randomCpf } from '../support/test-data';
import { fillClienteCpf, fillParcelas, lookUp } from '../support/garantias';

const UPLOAD = '**/api/pessoa/uploadDocumento';

test('[GARANTIAS]: a document that is not JPEG/PNG/PDF is refused before sending, and a failed upload can be sent again from the result', async ({ page }) => {
  await loginAs(page, 'loja');
  await lookUp(page, randomCpf());
  await fillClienteCpf(page, 'Beatriz Documentos Lima');

  // named .png, sent as image/png, but the content is text: refused on the spot, never attached
  const files = page.locator('input[type="file"]');
  await files.setInputFiles({ name: 'rg-falso.png', mimeType: 'image/png', buffer: Buffer.from('isto não é uma imagem') });
  await expect(page.getByRole('alert')).toContainText('rg-falso.png');
  await expect(page.getByText('📎 rg-falso.png')).toHaveCount(0);
  await files.setInputFiles({ name: 'rg-frente.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('📎 rg-frente.png')).toBeVisible();
  await page.getByRole('button', { name: 'Próximo' }).click();
  await fillParcelas(page, '180');

  // the guarantee is created but the upload fails once: the result says so and offers to send again
  let refused = 0;
  await page.route(UPLOAD, (route) => {
    refused++;
    return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ status: 503, msg: 'Armazenamento indisponível.' }) });
  });
  await page.getByRole('button', { name: 'Enviar Dados' }).click();
  await expect(page.getByText('Dados da solicitação enviados para análise!')).toBeVisible();
  await expect(page.getByText(/os documentos não/)).toContainText('Armazenamento indisponível.');
  expect(refused).toBe(1);
  await page.unroute(UPLOAD);

  const sent = page.waitForResponse((r) => r.url().endsWith('/api/pessoa/uploadDocumento'));
  await page.getByRole('button', { name: 'Reenviar documentos' }).click();
  expect((await sent).status()).toBe(200);
  await expect(page.getByText('Documentos enviados.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reenviar documentos' })).toHaveCount(0);
});
