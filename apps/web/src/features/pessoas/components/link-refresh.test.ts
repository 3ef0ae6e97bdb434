import { describe, expect, it } from 'vitest';
import { linkRefreshDelay } from './link-refresh';

const link = (exp: number) => `/api/arquivo/abc?exp=${exp}&sig=xyz`;

describe('linkRefreshDelay', () => {
  const now = 1_800_000_000_000;
  it('refreshes a minute before the earliest link expires', () => {
    expect(linkRefreshDelay([link(now / 1000 + 600), link(now / 1000 + 300)], now)).toBe(240_000);
  });
  it('never polls faster than every 5 s, and not at all without links', () => {
    expect(linkRefreshDelay([link(now / 1000 + 10)], now)).toBe(5_000);
    expect(linkRefreshDelay([], now)).toBe(false);
    expect(linkRefreshDelay(['/api/arquivo/abc'], now)).toBe(false);
  });
});
