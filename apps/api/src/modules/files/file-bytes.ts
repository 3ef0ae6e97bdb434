import fs from 'node:fs';

const CHUNK = 64 * 1024;

/**
 * Reads a file front to back through one 64 kB window, so the structure checks of an upload
 * (png-structure.ts, jpeg-structure.ts) walk a file of any size in constant memory.
 */
export class FileBytes {
  private buf = Buffer.alloc(0);
  private pos = 0;
  /** File offset of buf[0]. */
  private base = 0;
  private eof = false;

  private constructor(private readonly handle: fs.promises.FileHandle) {}

  static async open(path: string): Promise<FileBytes> {
    return new FileBytes(await fs.promises.open(path, 'r'));
  }

  /** File offset of the next byte. */
  get offset(): number {
    return this.base + this.pos;
  }

  close(): Promise<void> {
    return this.handle.close();
  }

  /** Makes at least n bytes available unless the file ends first; answers how many are. */
  private async fill(n: number): Promise<number> {
    while (this.buf.length - this.pos < n && !this.eof) {
      const keep = this.buf.subarray(this.pos);
      const next = Buffer.alloc(Math.max(CHUNK, n - keep.length));
      const { bytesRead } = await this.handle.read(next, 0, next.length, this.base + this.buf.length);
      if (bytesRead === 0) this.eof = true;
      this.base += this.pos;
      this.buf = Buffer.concat([keep, next.subarray(0, bytesRead)]);
      this.pos = 0;
    }
    return this.buf.length - this.pos;
  }

  /** The next n bytes (a view valid until the next call), or null when the file ends before. */
  async read(n: number): Promise<Buffer | null> {
    if ((await this.fill(n)) < n) return null;
    const out = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  /** The next byte, or -1 at the end. */
  async byte(): Promise<number> {
    if (this.pos >= this.buf.length && (await this.fill(1)) < 1) return -1;
    return this.buf[this.pos++];
  }

  /** Passes n bytes to `each` in pieces (e.g. to a CRC or an inflater); false when the file ends before. */
  async pass(n: number, each?: (piece: Buffer) => void | Promise<void>): Promise<boolean> {
    let left = n;
    while (left > 0) {
      const have = await this.fill(1);
      if (have === 0) return false;
      const take = Math.min(have, left);
      if (each) await each(this.buf.subarray(this.pos, this.pos + take));
      this.pos += take;
      left -= take;
    }
    return true;
  }

  /** Whether the file has no byte left. */
  async atEnd(): Promise<boolean> {
    return (await this.fill(1)) === 0;
  }
}
