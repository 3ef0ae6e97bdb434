import { afterEach, vi } from 'vitest';

// HOUSE-STYLE habit 7: a console.error during a test is a failure, not noise.
const spy = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = spy.mock.calls.slice();
  spy.mockClear();
  if (calls.length) throw new Error(`console.error was called: ${calls.map((c) => c.map(String).join(' ')).join('\n')}`);
});
