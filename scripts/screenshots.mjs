// Regenerates the README screenshots from a running app: node scripts/screenshots.mjs [baseUrl]
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://localhost:3000';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 760 }, locale: 'pt-BR' });
const shots = [
  { name: 'login', path: '/login', login: null },
  { name: 'dashboard-admin', path: '/dashboard', login: ['admin', 'admin123'] },
  { name: 'garantias', path: '/operacao/garantias', login: ['admin', 'admin123'] },
  { name: 'analise', path: '/operacao/garantias/detalhe/3', login: ['admin', 'admin123'] },
  { name: 'boletos-garantidos', path: '/financeiro/boletos', login: ['admin', 'admin123'] },
  { name: 'wizard', path: '/operacao/garantias/nova', login: ['loja', 'loja1234'] },
  { name: 'boletos-da-garantia', path: '/operacao/garantias/impressao/detalhe/5', login: ['loja', 'loja1234'] },
  { name: 'recebimentos', path: '/financeiro/recebimentos', login: ['loja', 'loja1234'] },
];
let current = null;
for (const shot of shots) {
  if (shot.login && current !== shot.login[0]) {
    if (current) await page.context().clearCookies();
    await page.goto(`${base}/login`);
    await page.getByLabel('Login').fill(shot.login[0]);
    await page.getByLabel('Senha').fill(shot.login[1]);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('navigation', { name: 'Menu principal' }).waitFor();
    current = shot.login[0];
  }
  await page.goto(`${base}${shot.path}`);
  await page.waitForLoadState('load');
  await page.waitForTimeout(1200);
  await page.screenshot({ path: `docs/screenshots/${shot.name}.png` });
  console.log(`docs/screenshots/${shot.name}.png`);
}
await browser.close();
