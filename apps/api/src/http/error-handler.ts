import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@bg/domain';
import { AppError } from '../errors/app-error.js';
import { diskFullMessage } from '../modules/system/disk-space.js';
import { DatabaseStopped } from '../shared/database-stopped.js';
import { applySecurityHeaders } from './security-headers.js';

/**
 * The one place errors become HTTP answers: `{ status, msg, errors? }`, Portuguese text, never a
 * stack trace. Bad input is 422 with a message per field; anything unexpected is logged and
 * answered with a generic 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.httpStatus).send({ status: error.httpStatus, msg: error.message, ...(error.errors ? { errors: error.errors } : {}), ...(error.extra ?? {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const zodPath = (issue.params as { issue?: { path?: PropertyKey[] } } | undefined)?.issue?.path;
        const path = (issue.instancePath || '').replace(/^\//, '').replace(/\//g, '.') || (zodPath?.map(String).join('.') ?? '_');
        if (!errors[path]) errors[path] = issue.message ?? MSG.required;
      }
      return reply.status(422).send({ status: 422, msg: 'Verifique os campos informados.', errors });
    }
    const fe = error as FastifyError;
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      const msg = clientErrorMessage(fe);
      return reply.status(fe.statusCode).send({ status: fe.statusCode, msg });
    }
    // A multipart body the parser cannot read (no boundary, cut short): the client's fault, not a crash.
    if (isBrokenMultipart(error)) return reply.status(400).send({ status: 400, msg: 'Envio de arquivo inválido ou incompleto. Tente novamente.' });
    // The database (PGlite) stopped after a PANIC, e.g. its disk full: every call says so at once (decision 107).
    const stopped = inChain(error, (e): e is DatabaseStopped => e instanceof DatabaseStopped);
    if (stopped) return reply.status(503).send({ status: 503, msg: stopped.message });
    // No space left: PostgreSQL's disk_full (53100, PGlite's or the server's) or a file write (ENOSPC).
    if (sqlStateOf(error) === '53100' || inChain(error, (e): e is Error => (e as { code?: unknown }).code === 'ENOSPC')) {
      request.log.error({ err: error }, 'disk full');
      return reply.status(507).send({ status: 507, msg: diskFullMessage(null) });
    }
    // Text with a NUL character cannot be stored by PostgreSQL (SQLSTATE 22021): bad input, not a crash.
    if (sqlStateOf(error) === '22021') return reply.status(400).send({ status: 400, msg: 'A requisição contém caracteres inválidos.' });
    // Two identical creations racing past the use-case's own check: the unique index decides, and
    // the loser is told plainly (SQLSTATE 23505), never a 500.
    if (sqlStateOf(error) === '23505') {
      return reply.status(409).send({ status: 409, msg: 'Já existe um registro com estes dados. Atualize a tela e confira.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ status: 500, msg: 'Erro interno. Tente novamente em instantes.' });
  });
}

/**
 * Errors the router raises before any route or hook runs (a path that is not valid percent-encoding,
 * a path parameter over the router's length limit): the same `{ status, msg }` answer and headers.
 * Passed to Fastify as `frameworkErrors` (app.ts).
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const msg = status === 414 ? 'Endereço longo demais.' : 'Endereço inválido.';
  reply.code(status).header('content-type', 'application/json; charset=utf-8');
  applySecurityHeaders(request, reply);
  reply.send(JSON.stringify({ status, msg }));
}

/** The errors @fastify/busboy raises (plain Errors, no code) for a malformed multipart body. */
const BROKEN_MULTIPART = /^(Multipart: Boundary not found|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data)$/;
function isBrokenMultipart(error: Error): boolean {
  return !(error as FastifyError).statusCode && BROKEN_MULTIPART.test(error.message);
}

/** The first error in `error` and its causes (drivers and Drizzle wrap them) that passes `test`. */
function inChain<T>(error: unknown, test: (e: unknown) => e is T): T | undefined {
  for (let e = error as { cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (test(e)) return e;
  }
  return undefined;
}

function sqlStateOf(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Corpo da requisição inválido.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'Arquivo ou requisição maior que o permitido.';
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return 'Quantidade de arquivos maior que a permitida.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Tipo de conteúdo não suportado.';
    case 'FST_JWT_NO_AUTHORIZATION_IN_HEADER':
    case 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED':
    case 'FST_JWT_AUTHORIZATION_TOKEN_INVALID':
      return MSG.sessionExpired;
    default:
      return error.statusCode === 404 ? 'Recurso não encontrado.' : 'Requisição inválida.';
  }
}
