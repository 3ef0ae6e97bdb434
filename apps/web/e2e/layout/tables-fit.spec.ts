import { expect, test, type Page } from '@playwright/test';
import { failOnConsoleErrors, openAs } from '../support/session';

/**
 * Issue 25: every list shows every column whole on a 1280–1366 px office screen. For each list
 * page and both widths: the table needs no horizontal scrolling (so the pinned Ação column covers
 * nothing), no header or cell clips its text (scrollWidth ≤ clientWidth, for the cell and for any
 * element inside it that hides overflow, e.g. a badge's label), and no badge runs out of its cell
 * into the next one. A 'name' cell cut with "…" carries the full text in its title (DataTable's
 * design for very long names) and is the one exception.
 */
const LISTS: { who: 'admin' | 'loja'; path: string; open?: (page: Page) => Promise<void> }[] = [
  { who: 'admin', path: '/operacao/garantias' },
  { who: 'admin', path: '/operacao/garantias/impressao' },
  { who: 'admin', path: '/operacao/antecipacoes' },
  { who: 'admin', path: '/operacao/remessas' },
  {
    who: 'admin',
    path: '/operacao/retornos',
    // the retorno's own tables: the per-title results with the bank's rejection reasons
    open: async (page) => {
      await page.getByRole('table', { name: 'Retornos' }).getByRole('row').nth(1).click();
      const resultado = page.getByRole('button', { name: 'Resultado por título' });
      if (await resultado.isVisible()) await resultado.click();
    },
  },
  { who: 'admin', path: '/financeiro/recebimentos' },
  { who: 'admin', path: '/financeiro/boletos' },
  { who: 'admin', path: '/financeiro/boletos-avulsos' },
  { who: 'admin', path: '/cobranca/inadimplentes' },
  { who: 'admin', path: '/cobranca/agendamentos' },
  { who: 'admin', path: '/cobranca/acordos' },
  { who: 'admin', path: '/administracao/empresas' },
  { who: 'admin', path: '/cadastros/empresas' },
  { who: 'admin', path: '/administracao/pessoas' },
  { who: 'admin', path: '/administracao/usuarios' },
  { who: 'admin', path: '/administracao/cpfs-suspeitos' },
  { who: 'admin', path: '/administracao/auditoria' },
  { who: 'admin', path: '/administracao/mensagens' },
  { who: 'loja', path: '/operacao/garantias/impressao' },
  { who: 'loja', path: '/financeiro/recebimentos' },
];

type Problem = string;

/** Everything on the page's tables that is clipped, scrolled away or overlapping. */
function tableProblems(page: Page): Promise<Problem[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const SLACK = 1; // sub-pixel rounding
    const text = (el: Element) => (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
    const clipsOverflow = (el: Element) => ['hidden', 'clip', 'auto', 'scroll'].includes(getComputedStyle(el).overflowX);
    for (const table of document.querySelectorAll('main table')) {
      const name = table.getAttribute('aria-label') ?? text(table.querySelector('th') ?? table);
      // the nearest ancestor that scrolls sideways must not need to
      for (let el = table.parentElement; el && el.tagName !== 'MAIN'; el = el.parentElement) {
        const overflow = getComputedStyle(el).overflowX;
        if ((overflow === 'auto' || overflow === 'scroll') && el.scrollWidth > el.clientWidth + SLACK) {
          problems.push(`[${name}] table scrolls sideways: ${el.scrollWidth} px in ${el.clientWidth} px`);
          break;
        }
      }
      for (const cell of table.querySelectorAll('th, td')) {
        if (cell.scrollWidth > cell.clientWidth + SLACK) problems.push(`[${name}] cell clipped: "${text(cell)}" (${cell.scrollWidth} > ${cell.clientWidth})`);
        const cellBox = cell.getBoundingClientRect();
        for (const inner of cell.querySelectorAll('*')) {
          const cutByDesign = inner.hasAttribute('title') && inner.getAttribute('title') !== '';
          if (!cutByDesign && clipsOverflow(inner) && inner.scrollWidth > inner.clientWidth + SLACK) {
            problems.push(`[${name}] text clipped inside a cell: "${text(inner)}" (${inner.scrollWidth} > ${inner.clientWidth})`);
          }
        }
        for (const badge of cell.querySelectorAll('.mantine-Badge-root')) {
          const box = badge.getBoundingClientRect();
          if (box.left < cellBox.left - SLACK || box.right > cellBox.right + SLACK) problems.push(`[${name}] badge "${text(badge)}" runs out of its cell`);
        }
      }
    }
    return problems;
  });
}

for (const width of [1280, 1366]) {
  for (const list of LISTS) {
    test(`[LAYOUT]: ${list.path} as ${list.who} fits ${width} px — every column whole`, async ({ page }) => {
      const check = failOnConsoleErrors(page);
      await page.setViewportSize({ width, height: 800 });
      await openAs(page, list.who, list.path);
      const table = page.locator('main table').first();
      await expect(table).toBeVisible();
      await expect(page.locator('main table[aria-busy="true"]')).toHaveCount(0);
      await expect(table.locator('tbody tr').first()).toBeVisible();
      if (list.open) await list.open(page);
      await page.waitForLoadState('networkidle');
      const problems = await tableProblems(page);
      if (problems.length) await page.screenshot({ path: test.info().outputPath(`${list.path.replaceAll('/', '_')}-${width}.png`), fullPage: true });
      expect(problems, problems.join('\n')).toEqual([]);
      check();
    });
  }
}
