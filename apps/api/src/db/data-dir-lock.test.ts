import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE, lockDataDir } from './data-dir-lock.js';

// One server per PGlite DATA_DIR (decision 009): the lock file, its takeover and its release.
const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has exited (and was reaped): nobody holds it now. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('DATA_DIR lock', () => {
  it('creates the folder, writes our pid and removes the file on release', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    lock.release(); // twice is harmless
  });

  it('refuses a folder locked by a running server, naming its pid', () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(path.join(dir, LOCK_FILE), `${other.pid}\n`);
      expect(() => lockDataDir(dir)).toThrow(`já está em uso por outro servidor em execução (pid ${other.pid})`);
      expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(other.pid));
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over the lock of a server that died, and an empty or garbled lock file', () => {
    for (const content of [`${deadPid()}\n`, '', 'not a pid']) {
      const dir = tempDir();
      fs.writeFileSync(path.join(dir, LOCK_FILE), content);
      const lock = lockDataDir(dir);
      expect(fs.readFileSync(lock.file, 'utf8').trim()).toBe(String(process.pid));
      lock.release();
    }
  });

  it('a DATA_DIR that cannot be written is a start-up error, not a stack', () => {
    const file = path.join(tempDir(), 'a-file');
    fs.writeFileSync(file, '');
    expect(() => lockDataDir(path.join(file, 'data'))).toThrow(/não é possível gravar em DATA_DIR .*; defina DATA_DIR/);
  });
});
