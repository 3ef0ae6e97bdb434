import { createHash } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import { API_V1_MSG } from '@bg/domain';
import type { Db } from '../../../db/client.js';
import { apiIdempotencia } from '../../../db/schema/integracao-chaves.js';
import { AppError } from '../../../errors/app-error.js';

/** Stored answers are kept this long (docs/api.md "Idempotência"). */
export const IDEMPOTENCIA_HORAS = 24;

/** Printable ASCII, 1..255: what Idempotency-Key may hold (a UUID v4 is the advice). */
const KEY = /^[\x21-\x7e]{1,255}$/;

/** The Idempotency-Key header, or 400 (missing, repeated, empty, too long, not printable ASCII). */
export function idempotencyKeyDe(header: string | string[] | undefined): string {
  if (header === undefined || header === '') throw new AppError('BAD_REQUEST', API_V1_MSG.idempotenciaAusente);
  if (Array.isArray(header) || !KEY.test(header.trim())) throw new AppError('BAD_REQUEST', API_V1_MSG.idempotenciaInvalida);
  return header.trim();
}

/** JSON with the keys of every object sorted: the same content sent with other spacing or order hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** SHA-256 of the request body as received (before validation), canonical JSON. */
export function hashCorpo(body: unknown): string {
  return createHash('sha256').update(canonical(body), 'utf8').digest('hex');
}

export type Resposta = { status: number; body: Record<string, unknown> };
export type Idempotente = Resposta & { replay: boolean };

/** An AppError as the error handler answers it (http/error-handler.ts): `{ status, msg, errors?, ...extra }`. */
function respostaDeErro(e: AppError): Resposta {
  return { status: e.httpStatus, body: { status: e.httpStatus, msg: e.message, ...(e.errors ? { errors: e.errors } : {}), ...(e.extra ?? {}) } };
}

/**
 * Runs `run` once per (key, Idempotency-Key) within 24 h (docs/api.md, decision 117):
 * - the row is inserted first, in the same transaction as the change `run` makes, and the answer
 *   written into it before the commit: a request that races with the same key blocks on that
 *   insert, then finds the committed answer (never a second guarantee); if the first one failed
 *   (rolled back) the second one runs;
 * - the same key with the same body (SHA-256) answers the stored answer (`replay`), with another
 *   body 409;
 * - answers kept: success and the client's errors (4xx from the use-case: the same request gets the
 *   same refusal); an unexpected error rolls everything back, so a retry runs again.
 * `run` receives the transaction as its database: the use-cases' own transactions become savepoints.
 */
export async function comIdempotencia(
  db: Db,
  chave: { chaveId: number; key: string; hash: string; rota: string },
  run: (tx: Db) => Promise<Resposta>,
): Promise<Idempotente> {
  return db.transaction(async (tx) => {
    // an expired answer no longer counts (the cleanup job may not have run yet)
    await tx.delete(apiIdempotencia).where(and(eq(apiIdempotencia.chave_id, chave.chaveId), eq(apiIdempotencia.idempotency_key, chave.key), lte(apiIdempotencia.expira_em, sql`now()`)));
    const claimed = await tx
      .insert(apiIdempotencia)
      .values({
        chave_id: chave.chaveId,
        idempotency_key: chave.key,
        rota: chave.rota.slice(0, 120),
        corpo_hash: chave.hash,
        status_http: 0,
        resposta: {},
        expira_em: sql`now() + make_interval(hours => ${IDEMPOTENCIA_HORAS})`,
      })
      .onConflictDoNothing()
      .returning({ key: apiIdempotencia.idempotency_key });
    if (!claimed.length) {
      const [stored] = await tx
        .select()
        .from(apiIdempotencia)
        .where(and(eq(apiIdempotencia.chave_id, chave.chaveId), eq(apiIdempotencia.idempotency_key, chave.key)));
      // gone between the two statements (expired and cleaned): the client retries
      if (!stored || stored.status_http === 0) throw new AppError('CONFLICT', API_V1_MSG.idempotenciaEmAndamento);
      if (stored.corpo_hash !== chave.hash || stored.rota !== chave.rota.slice(0, 120)) throw new AppError('CONFLICT', API_V1_MSG.idempotenciaOutroCorpo);
      return { replay: true, status: stored.status_http, body: stored.resposta };
    }
    let resposta: Resposta;
    try {
      resposta = await run(tx);
    } catch (e) {
      if (!(e instanceof AppError) || e.httpStatus >= 500 || e.httpStatus === 429) throw e;
      resposta = respostaDeErro(e);
    }
    await tx
      .update(apiIdempotencia)
      .set({ status_http: resposta.status, resposta: resposta.body })
      .where(and(eq(apiIdempotencia.chave_id, chave.chaveId), eq(apiIdempotencia.idempotency_key, chave.key)));
    return { replay: false, ...resposta };
  });
}
