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
    } catch {
      // A missing file is a first start; an unreadable one starts afresh rather than stopping the demo
      // (the sandbox's boletos are test data: the app's own records say what was registered).
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
