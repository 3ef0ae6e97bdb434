import fs from 'node:fs';
import path from 'node:path';
import { dataDirInUse, dataDirNotWritable } from '../startup-errors.js';

/**
 * One server per PGlite DATA_DIR: two processes writing the same files corrupt them, and PGlite
 * itself does not refuse. Taken before PGlite opens anything: `server.lock` holds the owner's pid;
 * a lock whose pid is gone (a crash, a kill -9) is taken over; the lock is removed at shutdown.
 */
export type DataDirLock = { file: string; release(): void };

export const LOCK_FILE = 'server.lock';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: it exists but belongs to another user
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  // a pid recycled by an unrelated program after a crash is not a server (Linux tells us)
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true;
  }
}

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

export function lockDataDir(dataDir: string): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE);
  try {
    fs.mkdirSync(dataDir, { recursive: true });
  } catch {
    throw dataDirNotWritable(dataDir);
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return { file, release: () => releaseLock(file) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw dataDirNotWritable(dataDir);
    }
    let owner = readPid(file);
    if (owner === null) {
      // created a moment ago by a server still writing its pid: look again before calling it stale
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
      owner = readPid(file);
    }
    if (owner !== null && owner !== process.pid && isRunning(owner)) throw dataDirInUse(dataDir, owner);
    // stale: its server is gone; remove it and race for it again (wx: one winner)
    try {
      fs.rmSync(file, { force: true });
    } catch {
      throw dataDirNotWritable(dataDir);
    }
  }
  throw dataDirInUse(dataDir, readPid(file) ?? 0);
}

function releaseLock(file: string): void {
  if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
}
