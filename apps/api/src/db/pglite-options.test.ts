import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pgliteOptions, sharedBuffersMbFor } from './pglite-options.js';

describe('PGlite shared_buffers by the size of the data', () => {
  it('16 MB for a demo, 1/16 of a bigger database, at most 256 MB', () => {
    expect(sharedBuffersMbFor(0)).toBe(16);
    expect(sharedBuffersMbFor(40 * 1024 * 1024)).toBe(16);
    expect(sharedBuffersMbFor(1024 * 1024 * 1024)).toBe(64);
    expect(sharedBuffersMbFor(4 * 1024 * 1024 * 1024)).toBe(256);
    expect(sharedBuffersMbFor(40 * 1024 * 1024 * 1024)).toBe(256);
  });

  it('measures the tables under base/ of the data directory', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-pglite-opts-'));
    try {
      fs.mkdirSync(path.join(dir, 'base', '5'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'base', '5', '1234'), Buffer.alloc(1024));
      const small = pgliteOptions(dir).startParams!;
      expect(small.slice(-2)).toEqual(['-c', 'shared_buffers=16MB']);
      // a sparse 1 GiB file stands for a big database without writing it
      fs.closeSync(fs.openSync(path.join(dir, 'base', '5', '5678'), 'w'));
      fs.truncateSync(path.join(dir, 'base', '5', '5678'), 1024 * 1024 * 1024);
      expect(pgliteOptions(dir).startParams!.slice(-2)).toEqual(['-c', 'shared_buffers=64MB']);
      expect(pgliteOptions(null).startParams!.slice(-2)).toEqual(['-c', 'shared_buffers=16MB']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
