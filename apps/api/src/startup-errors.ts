/**
 * Start-up failures the operator can fix (a variable's value, port taken, database unreachable, DATA_DIR unusable) become
 * one Portuguese sentence saying what to do; main.ts prints it alone on stderr and exits with 1
 * (docs/decisions/009-production-build-and-startup.md). No stack, no error object, no password.
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

const PREFIX = 'Não foi possível iniciar:';

type ErrnoLike = { code?: string; errors?: { code?: string }[]; message?: string };

function codesOf(err: unknown): string[] {
  const e = (err ?? {}) as ErrnoLike;
  // Node 20 answers a refused "localhost" (::1 and 127.0.0.1) with an AggregateError
  return [e.code, ...(e.errors ?? []).map((x) => x.code)].filter((c): c is string => typeof c === 'string');
}

export function portInUse(port: number): StartupError {
  return new StartupError(
    `${PREFIX} a porta ${port} já está em uso; defina PORT com outra porta (por exemplo PORT=${port + 1} npm start) ou encerre o programa que a usa.`,
  );
}

/** What app.listen threw, in words; null when it is not one of the operator's mistakes. */
export function listenError(err: unknown, host: string, port: number): StartupError | null {
  const codes = codesOf(err);
  if (codes.includes('EADDRINUSE')) return portInUse(port);
  if (codes.includes('EACCES')) {
    return new StartupError(`${PREFIX} este usuário não tem permissão para abrir a porta ${port}; defina PORT com uma porta acima de 1023 (por exemplo PORT=3000).`);
  }
  if (codes.includes('EADDRNOTAVAIL') || codes.includes('ENOTFOUND') || codes.includes('EAI_AGAIN')) {
    return new StartupError(`${PREFIX} o endereço HOST=${host} não pertence a esta máquina; defina HOST=127.0.0.1 (só esta máquina) ou HOST=0.0.0.0 (todas as interfaces).`);
  }
  return null;
}

/**
 * An environment variable whose value does not fit (config.ts): names it, says what it must be and,
 * unless it is a secret, what was received. "a variável PORT deve ser um número inteiro entre 1 e
 * 65535 (recebido: abc)".
 */
export function invalidVariable(name: string, rule: string, received?: string): StartupError {
  // one line whatever was set: newlines folded, a long value cut
  const value = received === undefined ? '' : ` (recebido: ${received.replace(/\s+/g, ' ').slice(0, 120)})`;
  return new StartupError(`${PREFIX} a variável ${name} ${rule}${value}.`);
}

export function dataDirNotWritable(dir: string, variable: 'DATA_DIR' | 'STORAGE_DIR' = 'DATA_DIR'): StartupError {
  return new StartupError(
    `${PREFIX} não é possível gravar em ${variable} (${dir}); defina ${variable} com uma pasta em que este usuário possa escrever.`,
  );
}

/**
 * DATA_DIR's disk is full, or below the free space PGlite needs to write (decision 107): checked
 * before the database opens, and said instead of whatever a write failing for lack of space threw.
 */
export function diskFull(dir: string, freeBytes: number, minFreeBytes: number): StartupError {
  const mb = (bytes: number) => Math.floor(bytes / (1024 * 1024));
  return new StartupError(
    `${PREFIX} o disco de DATA_DIR (${dir}) está cheio: restam ${mb(freeBytes)} MB livres e são necessários pelo menos ${mb(minFreeBytes)} MB; libere espaço e inicie de novo.`,
  );
}

/** Whether an error (or one it wraps) is a write failing for lack of disk space. */
export function isDiskFullError(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === 'ENOSPC' || e.code === '53100' || /no space left on device/i.test(String(e.message ?? ''))) return true;
  }
  return false;
}

export function dataDirInUse(dir: string, pid: number): StartupError {
  return new StartupError(
    `${PREFIX} DATA_DIR (${dir}) já está em uso por outro servidor em execução (pid ${pid}); encerre-o ou defina outro DATA_DIR.`,
  );
}

/** Where DATABASE_URL points, for messages: host, port, database and user, never the password. */
export function describeDatabaseUrl(url: string): { host: string; database: string; user: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!/^postgres(ql)?:$/.test(parsed.protocol)) return null;
  const socketHost = parsed.searchParams.get('host');
  const hostname = parsed.hostname || socketHost || 'localhost';
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || decodeURIComponent(parsed.username) || 'postgres';
  return { host: `${hostname}:${parsed.port || '5432'}`, database, user: decodeURIComponent(parsed.username) || 'postgres' };
}

/** What opening the PostgreSQL pool threw, in words; null when it is not about reaching the database. */
export function postgresError(err: unknown, url: string): StartupError | null {
  const where = describeDatabaseUrl(url);
  if (!where) {
    return new StartupError(`${PREFIX} DATABASE_URL não é um endereço válido; use postgres://usuario:senha@servidor:5432/banco.`);
  }
  const codes = codesOf(err);
  const message = String((err as ErrnoLike)?.message ?? '');
  if (codes.includes('3D000')) {
    return new StartupError(
      `${PREFIX} o banco de dados "${where.database}" não existe no PostgreSQL em ${where.host}; crie-o (createdb ${where.database}) ou corrija DATABASE_URL.`,
    );
  }
  if (codes.includes('28P01') || codes.includes('28000') || /password|SASL|SCRAM/i.test(message)) {
    return new StartupError(
      `${PREFIX} o PostgreSQL em ${where.host} recusou o usuário "${where.user}" no banco "${where.database}"; corrija o usuário e a senha em DATABASE_URL.`,
    );
  }
  const unreachable = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'ENOENT', '57P03'];
  if (codes.some((c) => unreachable.includes(c)) || /timeout|terminated/i.test(message)) {
    return new StartupError(
      `${PREFIX} o PostgreSQL em ${where.host} (banco "${where.database}") não responde; verifique se o servidor está no ar e se DATABASE_URL aponta para ele.`,
    );
  }
  return null;
}

/** The one line printed for any start-up failure; unknown errors keep their own message, on one line. */
export function startupErrorLine(err: unknown): string {
  if (err instanceof StartupError) return err.message;
  const message = err instanceof Error ? err.message : String(err);
  return `${PREFIX} ${message.replace(/\s*\n\s*/g, ' ').trim()}`;
}
