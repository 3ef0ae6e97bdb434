import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { openAs } from './session';

/** The administrador generates a remessa on Remessas and downloads it: the file's bytes. */
export async function generateAndDownloadRemessa(page: Page): Promise<Buffer> {
  await openAs(page, 'admin', '/operacao/remessas');
  await page.getByRole('button', { name: 'Gerar Remessa' }).click();
  await expect(page.getByText(/Remessa nº \d+ gerada/)).toBeVisible({ timeout: 60_000 });
  await page.keyboard.press('Escape');
  const link = page.getByRole('link', { name: /^Baixar remessa_/ }).first();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return fs.readFileSync((await download.path())!);
}
