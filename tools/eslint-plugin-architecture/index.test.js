// The project's own lint config, run on code written here: each boundary of ARCHITECTURE.md
// refuses a crossing import and lets the allowed one through.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { resolveImport } from './index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

/** The architecture rules' messages for `code` placed at `file` (relative to the root). */
async function boundaryErrors(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages
    .filter((m) => m.ruleId?.startsWith('architecture/') || m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

// the first call starts ESLint (a few seconds on a loaded 2-CPU machine): no test here is about speed
describe('architecture lint rules', { timeout: 30_000 }, () => {
  it('the domain imports nothing from apps/', async () => {
    const errors = await boundaryErrors('packages/domain/src/money/x.ts', "import { loadConfig } from '../../../../apps/api/src/config.js';\nexport const a = loadConfig;\n");
    expect(errors.join()).toContain('The domain imports nothing of ours');
  });

  it('routes do not import db/, modules may not import http/, db/ may not import modules/', async () => {
    expect((await boundaryErrors('apps/api/src/routes/x.ts', "import { schema } from '../db/schema/index.js';\nexport const a = schema;\n")).join()).toContain('routes/ are thin');
    expect((await boundaryErrors('apps/api/src/modules/x/y.ts', "import { sendError } from '../../http/error-handler.js';\nexport const a = sendError;\n")).join()).toContain('modules/ never import http/');
    expect((await boundaryErrors('apps/api/src/db/x.ts', "import { login } from '../modules/auth/login.js';\nexport const a = login;\n")).join()).toContain('db/ imports no use-case');
  });

  it('the web never imports the API, nor one feature another', async () => {
    expect((await boundaryErrors('apps/web/src/lib/x.ts', "import { loadConfig } from '../../../api/src/config.js';\nexport const a = loadConfig;\n")).join()).toContain('apps/web never imports apps/api');
    expect((await boundaryErrors('apps/web/src/lib/x.ts', "import type { X } from '@bg/api';\nexport type A = X;\n")).join()).toContain('Apps are not libraries');
    const across = await boundaryErrors('apps/web/src/features/boletos/x.ts', "export { DashboardPage } from '../dashboard/routes/DashboardPage.js';\n");
    expect(across.join()).toContain('No imports across web features');
    const own = await boundaryErrors('apps/web/src/features/dashboard/x.ts', "export { DashboardPage } from './routes/DashboardPage.js';\n");
    expect(own).toEqual([]);
  });

  it('a dynamic import counts, and an import that names no file is an error', async () => {
    expect((await boundaryErrors('apps/api/src/routes/x.ts', "export const a = () => import('../db/client.js');\n")).join()).toContain('routes/ are thin');
    expect((await boundaryErrors('apps/api/src/routes/x.ts', "import { nope } from './does-not-exist.js';\nexport const a = nope;\n")).join()).toContain('names no file');
  });

  it('resolves `./x.js` to `x.ts`, a folder to its index, and workspace names to their folders', () => {
    const from = path.join(root, 'apps/api/src/app.ts');
    expect(resolveImport(root, from, './config.js')).toBe(path.join(root, 'apps/api/src/config.ts'));
    expect(resolveImport(root, from, './routes')).toBe(path.join(root, 'apps/api/src/routes/index.ts'));
    expect(resolveImport(root, from, '@bg/domain')).toBe(path.join(root, 'packages/domain/src'));
    expect(resolveImport(root, from, 'fastify')).toBeUndefined();
  });
});
