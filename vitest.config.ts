import os from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// One `npm test` for the whole suite: domain unit tests, API integration tests (real PostgreSQL
// when TEST_DATABASE_URL is set, else PGlite) and web component tests under jsdom.
export default defineConfig({
  test: {
    // Vitest's default in a run is one worker fewer than the CPUs: a single worker on this 2-CPU
    // machine. Two keep both cores busy (the database server and PGlite wait on I/O as much as they
    // compute). VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, os.availableParallelism()),
    projects: [
      {
        test: {
          name: 'tools',
          include: ['tools/**/*.test.js'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
          // pure code without module state: no need for a fresh process per file
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          // offline: the CEP lookup answers from the cache only (online providers are the default)
          env: { CEP_PROVIDERS: 'none' },
          setupFiles: ['apps/api/test/fresh-modules.ts', 'apps/api/test/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // a worker runs file after file in one process: the packages (fastify, pdfkit, pg-boss…)
          // load once per worker, our modules afresh per file (test/fresh-modules.ts); every test
          // app clones its own database from the run's template (test/test-database.ts)
          isolate: false,
        },
      },
      {
        // the build's own steps (vite-plugins/): the login screen rendered in Node
        plugins: [react()],
        test: {
          name: 'web-build',
          include: ['apps/web/vite-plugins/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          css: false,
          // one jsdom process per worker for all its files: React, Mantine and the other packages load
          // once, our modules afresh per file (src/test/setup.ts calls vi.resetModules)
          isolate: false,
          // jsdom with user-event is slow on a loaded 2-CPU CI machine; 5 s (the default) is tight
          testTimeout: 15_000,
        },
      },
    ],
  },
});
