import { expect, test, type Locator } from '@playwright/test';
import { completeCnpj } from '@bg/domain';
import { apiToken } from '../support/api';
import { failOnConsoleErrors, openAs } from '../support/session';

/** True when the point at the bottom of the element is the element itself, not something on top of it. */
const bottomIsVisible = (row: Locator) =>
  row.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.bottom - 4);
    return hit !== null && el.contains(hit);
  });

/** How many lines the element's text takes on screen. */
const lineCount = (cell: Locator) =>
  cell.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });

test('[LAYOUT]: the footer never covers a row the page scrolled to', async ({ page }) => {
  const check = failOnConsoleErrors(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await openAs(page, 'admin', '/administracao/auditoria');
  const rows = page.getByRole('row');
  await expect(rows).toHaveCount(16); // header + a page of 15
  // as keyboard focus or find-in-page does: the row is brought to the bottom edge of the window
  for (const index of [8, 12, 15]) {
    await rows.nth(index).evaluate((el) => el.scrollIntoView({ block: 'end' }));
    expect(await bottomIsVisible(rows.nth(index)), `row ${index}`).toBe(true);
  }
  // and at the very end the paginator is above the footer
  await page.mouse.wheel(0, 10_000);
  await expect(page.getByText(/Mostrando 1 até 15 de \d+ registros encontrados\./)).toBeInViewport();
  expect(await bottomIsVisible(page.getByRole('navigation', { name: 'Paginação' }))).toBe(true);
  check();
});

test('[LAYOUT]: a long unbroken name is cut with the full text on hover; CNPJ stays on one line and Ação on screen', async ({ page, request }) => {
  const check = failOnConsoleErrors(page);
  const stamp = String(Date.now()).slice(-6);
  const fantasia = `Distribuidora${'Nacional'.repeat(14)}${stamp}`;
  const created = await request.post('/api/empresa/create', {
    headers: { authorization: `Bearer ${await apiToken(request, 'admin')}` },
    data: { cnpj: completeCnpj(`${stamp}770001`), razao: `${fantasia} Ltda`, fantasia, cep: '01310100', endereco: 'Avenida Paulista', numero: '10', bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP', tel1: '11933334444' },
  });
  expect(created.status()).toBe(200);

  await page.setViewportSize({ width: 1024, height: 720 });
  await openAs(page, 'admin', '/administracao/empresas');
  await page.getByPlaceholder('Pesquisar por nome da empresa').fill(stamp);
  await page.getByPlaceholder('Pesquisar por nome da empresa').press('Enter');
  const row = page.getByRole('row', { name: new RegExp(stamp) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('button', { name: 'Editar' })).toBeInViewport({ ratio: 1 });
  await expect(row.getByRole('button', { name: 'Bloquear' })).toBeInViewport({ ratio: 1 });
  expect(await lineCount(row.getByRole('cell').nth(2))).toBe(1); // CNPJ
  expect(await lineCount(row.getByRole('cell').nth(3))).toBe(1); // Telefone
  await expect(row.getByTitle(fantasia)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('empresas-long-name.png') });
  check();
});
