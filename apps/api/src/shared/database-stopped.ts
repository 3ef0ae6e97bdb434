/**
 * PGlite runs PostgreSQL's single backend inside this process. After a PANIC or FATAL error (a
 * write to the WAL or a checkpoint failing for lack of disk space) that backend is gone, and the
 * next call into it blocks the whole Node.js process for good — every request, the health check and
 * the shutdown with it (seen for real on a full tmpfs, PGlite 0.5.16). db/client.ts stops calling
 * it and answers this error instead; the error handler answers 503 with the message, the health
 * check says "degraded" (decision 107). Only a restart opens the database again.
 */
export class DatabaseStopped extends Error {
  /** The SQLSTATE of the error that stopped it (53100: disk full). */
  readonly sqlState: string | undefined;
  /** Whether it stopped for lack of disk space. */
  readonly diskFull: boolean;

  constructor(cause: unknown) {
    const code = (cause as { code?: unknown } | null)?.code;
    const diskFull = code === '53100' || /no space left/i.test(String((cause as { message?: unknown } | null)?.message ?? ''));
    super(
      diskFull
        ? 'O banco de dados parou por falta de espaço em disco no servidor. Libere espaço em DATA_DIR e reinicie o servidor.'
        : 'O banco de dados parou depois de um erro grave. Reinicie o servidor.',
      { cause },
    );
    this.name = 'DatabaseStopped';
    this.sqlState = typeof code === 'string' ? code : undefined;
    this.diskFull = diskFull;
  }
}
