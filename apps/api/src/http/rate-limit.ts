import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { ContractDefinition, RateLimitBucket } from '@bg/domain';
import type { Db } from '../db/client.js';
import { AppError } from '../errors/app-error.js';

/**
 * Per-user request budgets declared on contracts (`rateLimit: 'bureau'`). The count lives in the
 * database (table rate_limit_hit, fixed windows on the database clock), so two API processes share
 * it; one guarded upsert counts a call only while the window is under its limit, so racing
 * requests can never take a user past it. Runs after authentication and input validation (a
 * rejected call costs nothing downstream and is not counted).
 */
export type RateLimit = { max: number; windowSeconds: number };
export type RateLimits = Record<RateLimitBucket, RateLimit>;

const MESSAGES: Record<RateLimitBucket, string> = {
  bureau: 'Muitas consultas em pouco tempo. Aguarde um minuto e tente novamente.',
};

/** Counts one call; answers whether it is within the limit and the seconds until the window ends. */
export async function countHit(db: Db, bucket: string, subject: string, limit: RateLimit): Promise<{ allowed: boolean; retryAfter: number }> {
  const win = Math.max(1, Math.trunc(limit.windowSeconds));
  const result = await db.execute(sql`
    WITH w AS (SELECT to_timestamp(floor(extract(epoch FROM now()) / ${win}) * ${win}) AS start),
    cleanup AS (
      DELETE FROM rate_limit_hit WHERE bucket = ${bucket} AND subject = ${subject} AND window_start < (SELECT start FROM w)
    ),
    hit AS (
      INSERT INTO rate_limit_hit AS r (bucket, subject, window_start, hits)
      SELECT ${bucket}, ${subject}, start, 1 FROM w
      ON CONFLICT (bucket, subject, window_start) DO UPDATE SET hits = r.hits + 1 WHERE r.hits < ${limit.max}
      RETURNING hits
    )
    SELECT (SELECT count(*) FROM hit)::int AS counted,
           ceil(extract(epoch FROM (SELECT start FROM w) + make_interval(secs => ${win}) - now()))::int AS retry_after`);
  // a raw SQL result is untyped in Drizzle (its shape differs between PGlite and node-postgres)
  const row = (result as { rows: { counted: number; retry_after: number }[] }).rows[0];
  return { allowed: Number(row?.counted) > 0 && limit.max > 0, retryAfter: Math.max(1, Number(row?.retry_after) || win) };
}

export function registerRateLimits(app: FastifyInstance, db: Db, limits: RateLimits): void {
  app.addHook('onRoute', (route) => {
    const bucket = (route.config?.contract as ContractDefinition | undefined)?.rateLimit;
    if (!bucket) return;
    const limit = limits[bucket];
    const check = async (request: FastifyRequest, reply: FastifyReply) => {
      // public routes have no user: their subject is the client address
      const subject = request.actor ? `u:${request.actor.id}` : `ip:${request.ip}`;
      const { allowed, retryAfter } = await countHit(db, bucket, subject, limit);
      if (allowed) return;
      request.log.warn({ bucket, subject }, 'rate limit reached');
      reply.header('retry-after', String(retryAfter));
      throw new AppError('TOO_MANY_REQUESTS', MESSAGES[bucket]);
    };
    const existing = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
    route.preHandler = [...existing, check];
  });
}
