// @ts-check
// The architecture's import rules as a tiny local ESLint plugin (decision 012). It replaces
// eslint-plugin-import-x, whose native resolver (unrs-resolver) lists platform bindings that the
// npm registry reachable here does not carry, which left package-lock.json unusable by `npm ci`.
//
// Our imports are simple enough to resolve by hand: relative paths (`./x.js` is the file `x.ts`,
// as TypeScript's NodeNext resolution reads it) and the workspace names `@bg/domain`, `@bg/api`,
// `@bg/web`. Every other specifier is a package and is out of these rules' scope.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

/** Workspace packages by name: an import of one is an import of its folder. */
const WORKSPACES = {
  '@bg/domain': 'packages/domain/src',
  '@bg/api': 'apps/api/src',
  '@bg/web': 'apps/web/src',
};

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.d.ts', '.js', '.jsx', '.mjs', '.cjs', '.json'];

/** `./x.js` may name `x.ts` (NodeNext); likewise `.jsx`→`.tsx`, `.mjs`→`.mts`, `.cjs`→`.cts`. */
const TS_FOR_JS = { '.js': ['.ts', '.tsx'], '.jsx': ['.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'] };

function isFile(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The file a relative specifier names, or null if none exists.
 * @param {string} fromFile absolute path of the importing file
 * @param {string} specifier
 */
export function resolveRelative(fromFile, specifier) {
  const bare = specifier.replace(/[?#].*$/, ''); // Vite's `?raw`, `?url`
  const base = path.resolve(path.dirname(fromFile), bare);
  if (isFile(base)) return base;
  const ext = path.extname(base);
  for (const alt of TS_FOR_JS[ext] ?? []) {
    const candidate = base.slice(0, -ext.length) + alt;
    if (isFile(candidate)) return candidate;
  }
  for (const alt of SOURCE_EXTENSIONS) {
    if (isFile(base + alt)) return base + alt;
  }
  if (existsSync(base)) {
    for (const alt of SOURCE_EXTENSIONS) {
      const index = path.join(base, `index${alt}`);
      if (isFile(index)) return index;
    }
  }
  return null;
}

/**
 * The absolute path an import points into, `null` for an unresolved relative import, or
 * `undefined` for a package outside the workspace (not ours to judge).
 * @param {string} root project root
 * @param {string} fromFile
 * @param {string} specifier
 * @returns {string | null | undefined}
 */
export function resolveImport(root, fromFile, specifier) {
  if (specifier.startsWith('.')) return resolveRelative(fromFile, specifier);
  for (const [name, folder] of Object.entries(WORKSPACES)) {
    if (specifier === name || specifier.startsWith(`${name}/`)) {
      return path.join(root, folder, specifier.slice(name.length));
    }
  }
  return undefined;
}

function isInside(file, folder) {
  const relative = path.relative(folder, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** Calls `check(node, specifier)` for every import form: static, type-only, re-export, `import()`. */
function visitImports(check) {
  const literal = (node, source) => {
    if (source && source.type === 'Literal' && typeof source.value === 'string') check(node, source.value);
  };
  return {
    ImportDeclaration: (node) => literal(node.source, node.source),
    ExportNamedDeclaration: (node) => literal(node.source, node.source),
    ExportAllDeclaration: (node) => literal(node.source, node.source),
    ImportExpression: (node) => literal(node.source, node.source),
  };
}

/** @type {import('eslint').Rule.RuleModule} */
const noRestrictedPaths = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports that cross a boundary of the architecture (ARCHITECTURE.md).' },
    schema: [
      {
        type: 'object',
        properties: {
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                target: { type: 'string' },
                from: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
                except: { type: 'array', items: { type: 'string' } },
                message: { type: 'string' },
              },
              required: ['target', 'from', 'message'],
              additionalProperties: false,
            },
          },
        },
        required: ['zones'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    // `except` paths are relative to the zone's `from`, as in import-x's rule of the same name
    const zones = context.options[0].zones
      .filter((zone) => isInside(file, path.resolve(root, zone.target)))
      .map((zone) => {
        const from = (Array.isArray(zone.from) ? zone.from : [zone.from]).map((f) => path.resolve(root, f));
        return {
          from,
          except: from.flatMap((f) => (zone.except ?? []).map((e) => path.resolve(f, e))),
          message: zone.message,
        };
      });
    if (zones.length === 0) return {};
    return visitImports((node, specifier) => {
      const target = resolveImport(root, file, specifier);
      if (!target) return;
      for (const zone of zones) {
        const restricted = zone.from.some((f) => isInside(target, f));
        if (restricted && !zone.except.some((e) => isInside(target, e))) {
          context.report({ node, message: `'${specifier}': ${zone.message}` });
          return;
        }
      }
    });
  },
};

/** @type {import('eslint').Rule.RuleModule} */
const noUnresolved = {
  meta: {
    type: 'problem',
    docs: { description: 'A relative import must name a file: one the rules cannot follow would pass a boundary unseen.' },
    schema: [],
  },
  create(context) {
    return visitImports((node, specifier) => {
      if (!specifier.startsWith('.')) return;
      if (resolveRelative(context.filename, specifier) === null) {
        context.report({ node, message: `'${specifier}' names no file.` });
      }
    });
  },
};

export default {
  meta: { name: 'eslint-plugin-architecture' },
  rules: { 'no-restricted-paths': noRestrictedPaths, 'no-unresolved': noUnresolved },
};
