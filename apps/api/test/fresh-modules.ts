import { vi } from 'vitest';

// The api project runs its files one after another in each worker without isolation (vitest.config.ts),
// so fastify, pdfkit, pg-boss and the other packages load once per worker. Our own modules (src/,
// @bg/domain) are evaluated afresh for every file: no module state (a test hook, a cache, a
// registry) carries over from one file to the next, and a file's vi.mock() always takes effect.
vi.resetModules();
