import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { loginShell } from './vite-plugins/login-shell';

/** Writes `.br` and `.gz` beside a built file (skipped under 1 KB: not worth a second request path). */
function compressFile(file: string): void {
  const data = fs.readFileSync(file);
  if (data.length < 1024) return;
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
}

/**
 * Writes `.br` and `.gz` beside every text asset of the build, so the API serves them
 * precompressed (@fastify/static `preCompressed`) with no compression work per request.
 */
function precompress(): Plugin {
  return {
    name: 'bg-precompress',
    apply: 'build',
    // after a successful write only: a failed build keeps its own error message
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(fileName) || fileName.startsWith('.vite/')) continue;
        compressFile(path.join(outDir, fileName));
      }
    },
  };
}

// Libraries every screen needs (the login page included) go to long-lived vendor chunks, so a new
// release of our code does not make browsers download them again. Only modules in the entry's
// static graph ($initial): what only some pages use (charts, dropzone, masks, date pickers) stays
// in those pages' chunks or in chunks they share.
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
  { name: 'mantine', test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|react-number-format|react-textarea-autosize|clsx|tslib|get-nonce)[\\/]/, priority: 2 },
  { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
].map((group) => ({ ...group, tags: ['$initial' as const] }));

// In development Vite serves the app with hot reload and forwards /api to the API (npm run dev).
export default defineConfig({
  plugins: [react(), precompress(), loginShell(compressFile)],
  server: { port: 5173, proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3000}` } },
  build: {
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // which chunks each route loads (npm run bench:web)
    manifest: true,
    rolldownOptions: {
      // Our own modules have no import-time side effects (the domain is pure, ARCHITECTURE.md; web
      // modules only declare components, hooks and calls): a page that takes one component from
      // a barrel (components/index.ts, @bg/domain) gets that module, not the whole barrel.
      // Stylesheets keep theirs; packages keep what their package.json says.
      treeshake: {
        moduleSideEffects: [
          { test: /\.css$/, sideEffects: true },
          { test: /[\\/]packages[\\/]domain[\\/]src[\\/].*\.ts$/, sideEffects: false },
          { test: /[\\/]apps[\\/]web[\\/]src[\\/].*\.tsx?$/, sideEffects: false },
        ],
      },
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
});
