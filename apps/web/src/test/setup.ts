import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

// The web project runs its files one after another in each worker without isolation (vitest.config.ts):
// React, Mantine and the other packages load once per worker. Our own modules are evaluated afresh
// for every file, so a file's vi.mock() of a feature module always takes effect and no module state
// (a query client, a mocked function) leaks into the next file.
vi.resetModules();

// Mantine needs these browser APIs that jsdom lacks (STACK.md).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false, media: query, onchange: null,
    addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
  }),
});
class ResizeObserverStub { observe() {} unobserve() {} disconnect() {} }
Object.assign(window, { ResizeObserver: ResizeObserverStub });
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};

// HOUSE-STYLE habit 7: console.error fails the test.
const spy = vi.spyOn(console, 'error');
afterEach(() => {
  cleanup();
  const calls = spy.mock.calls.slice();
  spy.mockClear();
  if (calls.length) throw new Error(`console.error was called: ${calls.map((c) => c.map(String).join(' ')).join('\n')}`);
});
