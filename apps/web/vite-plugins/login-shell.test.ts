import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderLoginShell } from '../src/app/login-shell';
import { bootAsset, deferAppScripts, toLoginHtml, toShellMarkup } from './login-shell';

const indexHtml = fs.readFileSync(path.join(import.meta.dirname, '..', 'index.html'), 'utf8');

describe('login.html (decision 096)', () => {
  const shell = toShellMarkup(renderLoginShell());

  it('draws the real login screen: title, both fields, the button, Mantine classes and variables', () => {
    expect(shell).toContain('Boleto Garantido');
    expect(shell).toContain('Acesse sua conta');
    expect(shell).toMatch(/<label[^>]*>Login<\/label>/);
    expect(shell).toMatch(/<label[^>]*>Senha<\/label>/);
    expect(shell).toContain('Entrar');
    expect(shell).toContain('mantine-Paper-root');
    expect(shell).toContain('<style data-mantine-styles="true">');
  });

  it('cannot send anything before the app takes over: no form, no submit button', () => {
    expect(shell).not.toMatch(/<form\b/);
    expect(shell).not.toMatch(/type="submit"/);
    expect(shell).toMatch(/<button[^>]*type="button" aria-disabled="true"[^>]*>(?:(?!<\/button>).)*Entrar/s);
    expect(shell).toMatch(/<input[^>]*type="password"/);
    expect(shell).toContain('data-login-shell=""');
  });

  it('puts the cursor in the login field, once', () => {
    expect(shell.match(/autofocus/gi)).toHaveLength(1);
    expect(shell).toMatch(/<input\b[^>]*autocomplete="username"[^>]*autofocus/i);
  });

  it('goes inside #root of the built index.html, with the light colour scheme set', () => {
    const html = toLoginHtml(indexHtml, shell);
    expect(html).toContain(`<div id="root">${shell}</div>`);
    expect(html).toMatch(/<html lang="pt-BR" data-mantine-color-scheme="light">/);
    expect(html).toContain('<script type="module" src="/src/main.tsx"></script>');
  });

  it('refuses markup it no longer understands instead of writing a broken page', () => {
    expect(() => toShellMarkup('<div>nada</div>')).toThrow(/one form/);
    expect(() => toLoginHtml('<html><body></body></html>', shell)).toThrow(/root/);
  });

  it('starts the app only after the first paint: the scripts leave the page for a boot module', () => {
    const built = [
      '<html><head>',
      '<script type="module" crossorigin src="/assets/index-A1.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/react-B2.js">',
      '<link rel="modulepreload" crossorigin href="/assets/mantine-C3.js">',
      '<link rel="stylesheet" crossorigin href="/assets/mantine-D4.css">',
      '</head><body><div id="root"></div></body></html>',
    ].join('\n');
    const { html, boot } = deferAppScripts(built);
    expect(html).not.toMatch(/<script|modulepreload/);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/mantine-D4.css">');
    expect(boot).toContain('["/assets/react-B2.js","/assets/mantine-C3.js"]');
    expect(boot).toContain('import("/assets/index-A1.js")');
    // the preloaded chunks are evaluated one per task, then the entry (short tasks on a slow phone)
    expect(boot).toContain('const steps = [...preloads, "/assets/index-A1.js"];');
    expect(boot).toMatch(/import\(href\)\.then\(\(\) => setTimeout\(next, 0\)/);
    expect(boot).toMatch(/requestAnimationFrame\(\(\) => setTimeout\(start, 0\)\)/);
    const asset = bootAsset(boot);
    expect(asset.fileName).toMatch(/^assets\/login-boot-[\w-]{8}\.js$/);
    expect(asset.tag).toBe(`<script type="module" crossorigin src="/${asset.fileName}"></script>`);
    expect(bootAsset(boot.replace('A1', 'A2')).fileName).not.toBe(asset.fileName);
    expect(() => deferAppScripts('<html></html>')).toThrow(/module <script>/);
  });
});
