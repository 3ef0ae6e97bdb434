import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

import { LOGIN_SHELL_ATTRIBUTE } from '../src/features/session/login-shell-values';

/**
 * The static copy is a picture of the form until the app takes over: its <form> becomes a <div>
 * (with two text fields and no submit button, Enter cannot send the password in a GET address
 * before the scripts run), the login field gets the focus the page gives it, and the whole is
 * marked so LoginPage can carry over what was typed (login-shell-values.ts).
 */
export function toShellMarkup(markup: string): string {
  let forms = 0;
  let html = markup
    .replace(/<form\b[^>]*>/g, () => {
      forms += 1;
      return `<div ${LOGIN_SHELL_ATTRIBUTE}="">`;
    })
    .replace(/<\/form>/g, '</div>')
    // aria-disabled, not disabled: the same look, but nothing (a test robot included) takes it
    // for the real button before the app is there
    .replace(/<button\b([^>]*?)\btype="submit"/g, '<button$1type="button" aria-disabled="true"');
  // React writes autoFocus into server markup; added here should a version stop doing it
  if (!/<input\b[^>]*autofocus/i.test(html)) html = html.replace(/(<input\b[^>]*autocomplete="username")/i, '$1 autofocus=""');
  if (forms !== 1 || !/<input\b[^>]*autocomplete="username"[^>]*autofocus/i.test(html)) {
    throw new Error('login shell: the login page no longer renders one form with a username field');
  }
  return html;
}

/** index.html with the shell inside #root and Mantine's light scheme set before any script. */
export function toLoginHtml(indexHtml: string, shell: string): string {
  const withRoot = indexHtml.replace('<div id="root"></div>', `<div id="root">${shell}</div>`);
  const html = withRoot.replace(/<html\b([^>]*)>/, '<html$1 data-mantine-color-scheme="light">');
  if (html === indexHtml || !html.includes(shell)) throw new Error('login shell: index.html has no empty <div id="root"></div>');
  return html;
}

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * Moves the app's scripts of a page behind its first paint: the entry <script> and its
 * modulepreload links leave the HTML, and a small module (returned as `boot`, to be saved under
 * assets/) adds them once the screen has been drawn. On a slow connection the stylesheet then
 * has the line to itself and the login screen shows without waiting for 190 KB of JavaScript;
 * the app starts a frame later and takes over the static form (LoginPage keeps what was typed).
 */
export function deferAppScripts(html: string): { html: string; boot: string } {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) throw new Error('login shell: index.html has no module <script> to defer');
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]);
  const boot = [
    '// login.html (decision 096): the app starts once the static login screen has been painted',
    `const preloads = ${JSON.stringify(preloads)};`,
    'function start() {',
    '  for (const href of preloads) {',
    "    const link = document.createElement('link');",
    "    link.rel = 'modulepreload';",
    "    link.crossOrigin = '';",
    '    link.href = href;',
    '    document.head.appendChild(link);',
    '  }',
    '  // one module graph is evaluated in one task: the vendor chunks one at a time, each in a task',
    '  // of its own, keep every task short on a slow phone (Total Blocking Time); the entry then finds',
    '  // them evaluated',
    `  const steps = [...preloads, ${JSON.stringify(entry)}];`,
    '  const next = () => {',
    '    const href = steps.shift();',
    '    if (href) import(href).then(() => setTimeout(next, 0), () => import(' + JSON.stringify(entry) + '));',
    '  };',
    '  next();',
    '}',
    '// a tab opened in the background paints nothing and runs no animation frame: start at once',
    "if (document.visibilityState === 'hidden') start();",
    'else requestAnimationFrame(() => setTimeout(start, 0));',
    '',
  ].join('\n');
  return { html: html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, ''), boot };
}

/** Where the boot module goes and the tag that loads it; content-hashed like Vite's assets. */
export function bootAsset(boot: string): { fileName: string; tag: string } {
  const hash = crypto.createHash('sha256').update(boot).digest('base64url').slice(0, 8);
  const fileName = `assets/login-boot-${hash}.js`;
  return { fileName, tag: `<script type="module" crossorigin src="/${fileName}"></script>` };
}

/**
 * After the client build, renders src/app/login-shell.tsx in Node (a small SSR build of that one
 * entry, in a temporary folder) and writes dist/login.html beside index.html — the login screen
 * drawn in it, the app's scripts deferred behind its first paint — compressed like the other
 * files by `compress`.
 */
export function loginShell(compress: (file: string) => void): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  return {
    name: 'bg-login-shell',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // inside the app's folder, so the bundle's bare imports (react, @mantine/core) resolve
      const tmp = fs.mkdtempSync(path.join(root, '.tmp-login-shell-'));
      try {
        await build({
          configFile: false,
          root,
          logLevel: 'warn',
          plugins: [react()],
          // our workspace package ships TypeScript sources: bundled, not imported at run time
          ssr: { noExternal: ['@bg/domain'] },
          build: { ssr: path.join(root, 'src/app/login-shell.tsx'), outDir: tmp, emptyOutDir: true, copyPublicDir: false, minify: false },
        });
        const entry = fs.readdirSync(tmp).find((f) => /^login-shell\.m?js$/.test(f));
        if (!entry) throw new Error(`login shell: the SSR build wrote no login-shell.js in ${tmp}`);
        const { renderLoginShell } = (await import(pathToFileURL(path.join(tmp, entry)).href)) as { renderLoginShell: () => string };
        const indexHtml = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const { html, boot } = deferAppScripts(toLoginHtml(indexHtml, toShellMarkup(renderLoginShell())));
        const { fileName, tag } = bootAsset(boot);
        fs.writeFileSync(path.join(outDir, fileName), boot);
        const file = path.join(outDir, 'login.html');
        fs.writeFileSync(file, html.replace('</head>', `  ${tag}\n  </head>`));
        compress(file);
      } finally {
        fs.rmSync(tmp, { recursive: true, force: true });
      }
    },
  };
}
