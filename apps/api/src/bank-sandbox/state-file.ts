import fs from 'node:fs';
import path from 'node:path';

/**
 * The sandbox's optional persistence: one JSON file with a section per bank, rewritten (to a
 * temporary file, then renamed) shortly after each change and once more when the sandbox closes.
 */
export class SandboxStateFile {
  private sections: Record<string, unknown> = {};
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly file: string) {
    try {
      const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) this.sections = parsed as Record<string, unknown>;
    } catch (e) {
      // A missing file is a first start; an unreadable one is started afresh rather than crashing the demo.
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') this.sections = {};
    }
  }

  read(section: string): unknown {
    return this.sections[section];
  }

  write(section: string, value: unknown): void {
    this.sections[section] = value;
    this.timer ??= setTimeout(() => this.flush(), 100);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(this.sections));
    fs.renameSync(tmp, this.file);
  }
}
