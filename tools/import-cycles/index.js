#!/usr/bin/env node
// @ts-check
// Finds import cycles between source files, or between the folders that hold them (decision 101:
// the module folders of apps/api/src/modules may not depend on each other in a circle). No
// dependencies: relative specifiers are resolved by hand, as tools/eslint-plugin-architecture does
// (`./x.js` names `x.ts`/`x.tsx`, `./x` any source extension, a folder its index file); package and
// workspace imports are not ours to follow and are left out.
//
//   node tools/import-cycles/index.js <dir>                  file-level cycles under <dir>
//   node tools/import-cycles/index.js <dir> --folders        cycles between <dir>'s direct sub-folders
//
// Exit code 1 when a cycle is found; each is printed as `a → b → … → a`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
/** NodeNext: `./x.js` may name `x.ts`. */
const TS_FOR_JS = { '.js': ['.ts', '.tsx'], '.jsx': ['.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'] };

/**
 * @typedef {{ isFile(file: string): boolean; readFile(file: string): string; listFiles(dir: string): string[] }} FileSystem
 * `listFiles` answers every file below `dir`, as absolute paths.
 */

/** The real disk. @type {FileSystem} */
export const diskFs = {
  isFile(file) {
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  },
  readFile: (file) => readFileSync(file, 'utf8'),
  listFiles(dir) {
    /** @type {string[]} */
    const out = [];
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) out.push(...diskFs.listFiles(full));
      else out.push(full);
    }
    return out;
  },
};

/** A file system held in memory, for tests: `{ '/src/a.ts': "import './b.js';" }`. */
export function memoryFs(/** @type {Record<string, string>} */ files) {
  const paths = Object.keys(files).map((p) => path.resolve(p));
  const byPath = new Map(paths.map((p, i) => [p, Object.values(files)[i]]));
  /** @type {FileSystem} */
  const fs = {
    isFile: (file) => byPath.has(path.resolve(file)),
    readFile(file) {
      const text = byPath.get(path.resolve(file));
      if (text === undefined) throw new Error(`no file ${file}`);
      return text;
    },
    listFiles: (dir) => paths.filter((p) => p.startsWith(path.resolve(dir) + path.sep)),
  };
  return fs;
}

/**
 * The specifiers a source file imports: `import … from`, `import type … from`, `export … from`,
 * side-effect `import '…'` and `import('…')`. Comments that start a line are skipped, so a code
 * sample in a doc comment is not an import.
 * @param {string} source
 */
export function importSpecifiers(source) {
  const code = source
    .replace(/^\s*\/\*[\s\S]*?\*\//gm, '')
    .split('\n')
    .filter((line) => !/^\s*\/\//.test(line))
    .join('\n');
  const found = [];
  const statics = /^\s*(?:import|export)\s+(?:type\s+)?(?:[\w$]+\s*,\s*)?(?:\*\s*(?:as\s+[\w$]+)?|\{[^}]*\}|[\w$]+)\s*from\s*(['"])([^'"\n]+)\1/gm;
  const bare = /^\s*import\s*(['"])([^'"\n]+)\1/gm;
  const dynamic = /\bimport\s*\(\s*(['"])([^'"\n]+)\1\s*\)/g;
  for (const pattern of [statics, bare, dynamic]) for (const m of code.matchAll(pattern)) found.push(m[2]);
  return found;
}

/**
 * The file a relative specifier names, or null (a package, or nothing there).
 * @param {string} fromFile
 * @param {string} specifier
 * @param {FileSystem} fs
 */
export function resolveSpecifier(fromFile, specifier, fs = diskFs) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier.replace(/[?#].*$/, ''));
  const ext = path.extname(base);
  const candidates = [
    base,
    ...(/** @type {Record<string, string[]>} */ (TS_FOR_JS)[ext] ?? []).map((alt) => base.slice(0, -ext.length) + alt),
    ...SOURCE_EXTENSIONS.map((alt) => base + alt),
    ...SOURCE_EXTENSIONS.map((alt) => path.join(base, `index${alt}`)),
  ];
  return candidates.find((c) => fs.isFile(c)) ?? null;
}

/**
 * Every source file below `dir` and the files below `dir` it imports.
 * @param {string} dir
 * @param {FileSystem} fs
 * @returns {Map<string, Set<string>>}
 */
export function fileGraph(dir, fs = diskFs) {
  const root = path.resolve(dir);
  const files = fs.listFiles(root).filter((f) => SOURCE_EXTENSIONS.includes(path.extname(f)) && !f.endsWith('.d.ts'));
  const inside = new Set(files);
  /** @type {Map<string, Set<string>>} */
  const graph = new Map();
  for (const file of files) {
    const targets = new Set();
    for (const specifier of importSpecifiers(fs.readFile(file))) {
      const target = resolveSpecifier(file, specifier, fs);
      if (target && inside.has(target)) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/**
 * The graph between groups of files (`groupOf` answers a file's group, or null to leave it out):
 * an edge wherever a file of one group imports a file of another.
 * @param {Map<string, Set<string>>} graph
 * @param {(file: string) => string | null} groupOf
 */
export function groupGraph(graph, groupOf) {
  /** @type {Map<string, Set<string>>} */
  const groups = new Map();
  for (const [file, targets] of graph) {
    const from = groupOf(file);
    if (from === null) continue;
    if (!groups.has(from)) groups.set(from, new Set());
    for (const target of targets) {
      const to = groupOf(target);
      if (to !== null && to !== from) groups.get(from)?.add(to);
    }
  }
  return groups;
}

/** The direct sub-folder of `dir` a file is in (null for a file of `dir` itself or outside it). */
export function folderOf(/** @type {string} */ dir) {
  const root = path.resolve(dir);
  return (/** @type {string} */ file) => {
    const parts = path.relative(root, file).split(path.sep);
    return parts.length > 1 && parts[0] !== '..' ? parts[0] : null;
  };
}

/**
 * The cycles of the graph: for each strongly connected component (Tarjan), the shortest cycle
 * through each of its nodes not already on one reported, so every node caught in a circle shows
 * up. A cycle lists its nodes in import order, the first repeated at the end (`[a, b, a]`); a
 * node that imports itself is a cycle too.
 * @param {Map<string, Set<string>>} graph
 * @returns {string[][]}
 */
export function findCycles(graph) {
  let counter = 0;
  /** @type {Map<string, number>} */ const index = new Map();
  /** @type {Map<string, number>} */ const low = new Map();
  /** @type {string[]} */ const stack = [];
  const onStack = new Set();
  /** @type {string[][]} */ const components = [];
  const edges = (/** @type {string} */ n) => [...(graph.get(n) ?? [])].sort();

  // iterative, so a long chain of imports cannot overflow the call stack
  for (const start of [...graph.keys()].sort()) {
    if (index.has(start)) continue;
    /** @type {{ node: string; next: string[] }[]} */
    const work = [{ node: start, next: edges(start) }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const child = frame.next.shift();
      if (child !== undefined) {
        if (!index.has(child)) {
          index.set(child, counter);
          low.set(child, counter++);
          stack.push(child);
          onStack.add(child);
          work.push({ node: child, next: edges(child) });
        } else if (onStack.has(child)) {
          low.set(frame.node, Math.min(/** @type {number} */ (low.get(frame.node)), /** @type {number} */ (index.get(child))));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(/** @type {number} */ (low.get(parent.node)), /** @type {number} */ (low.get(frame.node))));
      if (low.get(frame.node) === index.get(frame.node)) {
        /** @type {string[]} */ const component = [];
        let n;
        do {
          n = /** @type {string} */ (stack.pop());
          onStack.delete(n);
          component.push(n);
        } while (n !== frame.node);
        if (component.length > 1 || graph.get(frame.node)?.has(frame.node)) components.push(component);
      }
    }
  }
  /** @type {string[][]} */ const cycles = [];
  for (const component of components) {
    const members = new Set(component);
    const covered = new Set();
    for (const node of [...members].sort()) {
      if (covered.has(node)) continue;
      const cycle = cycleThrough(graph, members, node);
      for (const n of cycle) covered.add(n);
      cycles.push(cycle);
    }
  }
  return cycles;
}

/** The shortest cycle through `first` inside its strongly connected component (breadth first). */
function cycleThrough(/** @type {Map<string, Set<string>>} */ graph, /** @type {Set<string>} */ component, /** @type {string} */ first) {
  /** @type {Map<string, string>} */ const cameFrom = new Map();
  const queue = [first];
  while (queue.length) {
    const node = /** @type {string} */ (queue.shift());
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (!component.has(next)) continue;
      if (next === first) {
        const cycle = [node];
        for (let n = node; n !== first; ) cycle.unshift((n = /** @type {string} */ (cameFrom.get(n))));
        return [...cycle, first];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [first, first];
}

/** A cycle as people read it: paths relative to `dir`, joined by arrows. */
export function describeCycle(/** @type {string[]} */ cycle, /** @type {string} */ dir) {
  return cycle.map((n) => (path.isAbsolute(n) ? path.relative(dir, n) : n)).join(' → ');
}

/** File-level cycles under `dir`, described. */
export function fileCycles(/** @type {string} */ dir, fs = diskFs) {
  return findCycles(fileGraph(dir, fs)).map((c) => describeCycle(c, path.resolve(dir)));
}

/** Cycles between the direct sub-folders of `dir`, described (`auth → two-factor → auth`). */
export function folderCycles(/** @type {string} */ dir, fs = diskFs) {
  return findCycles(groupGraph(fileGraph(dir, fs), folderOf(dir))).map((c) => describeCycle(c, path.resolve(dir)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dir, flag] = process.argv.slice(2);
  if (!dir) {
    console.error('uso: node tools/import-cycles/index.js <pasta> [--folders]');
    process.exit(2);
  }
  const cycles = flag === '--folders' ? folderCycles(dir) : fileCycles(dir);
  for (const cycle of cycles) console.log(cycle);
  if (cycles.length) {
    console.error(`${cycles.length} ciclo(s) de importação em ${dir}${flag === '--folders' ? ' (entre pastas)' : ''}.`);
    process.exit(1);
  }
  console.log(`Nenhum ciclo de importação em ${dir}${flag === '--folders' ? ' (entre pastas)' : ''}.`);
}
