// @ts-check
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fileCycles, findCycles, folderCycles, importSpecifiers, memoryFs, resolveSpecifier } from './index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** @param {Record<string, string[]>} edges */
const graphOf = (edges) => new Map(Object.entries(edges).map(([k, v]) => [k, new Set(v)]));

describe('import specifiers', () => {
  it('reads every import form, type-only ones and re-exports included', () => {
    const source = [
      "import fs from 'node:fs';",
      "import { a, b as c } from './a.js';",
      "import type { T } from './types.js';",
      "import d, { e } from './d.js';",
      "import * as ns from './ns.js';",
      'import {',
      '  f,',
      '  g,',
      "} from '../f.js';",
      "import './side-effect.js';",
      "export { h } from './h.js';",
      "export type { I } from './i.js';",
      "export * from './all.js';",
      "export * as all from './all-ns.js';",
      "const lazy = () => import('./lazy.js');",
      'export const x = 1;',
    ].join('\n');
    expect(importSpecifiers(source).sort()).toEqual(
      ['node:fs', './a.js', './types.js', './d.js', './ns.js', '../f.js', './side-effect.js', './h.js', './i.js', './all.js', './all-ns.js', './lazy.js'].sort(),
    );
  });

  it('skips code samples in comments', () => {
    const source = ['/**', " * import { x } from './in-a-doc-comment.js';", ' */', "// import { y } from './commented-out.js';", "import { z } from './real.js';"].join('\n');
    expect(importSpecifiers(source)).toEqual(['./real.js']);
  });
});

describe('resolving a specifier', () => {
  const fs = memoryFs({
    '/p/src/a.ts': '',
    '/p/src/view.tsx': '',
    '/p/src/lib/index.ts': '',
    '/p/src/plain.js': '',
  });
  it('`.js` names the `.ts`/`.tsx` file, no extension any source file, a folder its index', () => {
    expect(resolveSpecifier('/p/src/x.ts', './a.js', fs)).toBe(path.resolve('/p/src/a.ts'));
    expect(resolveSpecifier('/p/src/x.ts', './view.js', fs)).toBe(path.resolve('/p/src/view.tsx'));
    expect(resolveSpecifier('/p/src/x.ts', './view', fs)).toBe(path.resolve('/p/src/view.tsx'));
    expect(resolveSpecifier('/p/src/x.ts', './lib', fs)).toBe(path.resolve('/p/src/lib/index.ts'));
    expect(resolveSpecifier('/p/src/x.ts', './lib/index.js', fs)).toBe(path.resolve('/p/src/lib/index.ts'));
    expect(resolveSpecifier('/p/src/lib/index.ts', '../plain.js', fs)).toBe(path.resolve('/p/src/plain.js'));
  });
  it('leaves packages and missing files out', () => {
    expect(resolveSpecifier('/p/src/x.ts', 'fastify', fs)).toBeNull();
    expect(resolveSpecifier('/p/src/x.ts', '@bg/domain', fs)).toBeNull();
    expect(resolveSpecifier('/p/src/x.ts', './missing.js', fs)).toBeNull();
  });
});

describe('finding cycles', () => {
  it('finds none in a graph without one', () => {
    expect(findCycles(graphOf({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
  });

  it('answers each cycle in import order, the first node repeated at the end', () => {
    expect(findCycles(graphOf({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }))).toEqual([['a', 'b', 'c', 'a']]);
    expect(findCycles(graphOf({ a: ['a'] }))).toEqual([['a', 'a']]);
  });

  it('shows every node caught in a circle, also when two circles share nodes', () => {
    // pessoa → lgpd → cobranca → pessoa and boletos ↔ garantia, joined through garantia → lgpd → cobranca → boletos
    const cycles = findCycles(
      graphOf({ pessoa: ['lgpd'], lgpd: ['cobranca'], cobranca: ['pessoa', 'boletos'], boletos: ['garantia'], garantia: ['boletos', 'lgpd'] }),
    );
    expect(cycles).toEqual([
      ['boletos', 'garantia', 'boletos'],
      ['cobranca', 'pessoa', 'lgpd', 'cobranca'],
    ]);
  });

  it('does not overflow on a long chain', () => {
    const edges = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`n${i}`, [`n${i + 1}`]]));
    edges.n20000 = ['n0'];
    expect(findCycles(graphOf(edges))[0]).toHaveLength(20_002);
  });
});

describe('cycles in source trees', () => {
  it('file-level: a cycle as the list of files, read from the disk (here from memory)', () => {
    const fs = memoryFs({
      '/w/app/router.tsx': "import { Routes } from './signed-in-routes';",
      '/w/app/signed-in-routes.tsx': "import { AppLayout } from './layout/AppLayout';",
      '/w/app/layout/AppLayout.tsx': "import { useRouter } from '../router';",
      '/w/app/menu.ts': "import { x } from './theme';",
      '/w/app/theme.ts': 'export const x = 1;',
    });
    expect(fileCycles('/w/app', fs)).toEqual([`${path.join('layout', 'AppLayout.tsx')} → router.tsx → signed-in-routes.tsx → ${path.join('layout', 'AppLayout.tsx')}`]);
  });

  it('folder-level: modules that need each other, though no file imports itself back', () => {
    const fs = memoryFs({
      '/m/auth/login.ts': "import type { Deps } from '../two-factor/verify.js';",
      '/m/two-factor/verify.ts': "import { matchTotp } from '../auth/totp.js';",
      '/m/auth/totp.ts': 'export const matchTotp = 1;',
      '/m/audit/record.ts': 'export const record = 1;',
      '/m/usuario/create.ts': "import { record } from '../audit/record.js';\nimport { matchTotp } from '../auth/totp.js';",
    });
    expect(fileCycles('/m', fs)).toEqual([]);
    expect(folderCycles('/m', fs)).toEqual(['auth → two-factor → auth']);
  });
});

describe('this repository', () => {
  it('has no cycle between the module folders of apps/api/src/modules', () => {
    expect(folderCycles(path.join(root, 'apps/api/src/modules'))).toEqual([]);
  });

  it('has no file-level import cycle in apps/api/src', () => {
    expect(fileCycles(path.join(root, 'apps/api/src'))).toEqual([]);
  });

  it('has no file-level import cycle in apps/web/src/app', () => {
    expect(fileCycles(path.join(root, 'apps/web/src/app'))).toEqual([]);
  });
});
