import { and, eq, lt, sql } from 'drizzle-orm';
import { ASSINATURA_MSG } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { assinaturaAcesso } from '../../db/schema/index.js';
import { AppError } from '../../errors/app-error.js';
import { jobKind, type JobContext } from '../../jobs/index.js';

/**
 * Rate limit of the public signing calls, per client IP (request.ip, so TRUST_PROXY decides
 * whether X-Forwarded-For counts) and fixed 15-minute window, counted in assinatura_acesso: the
 * counters survive restarts and are shared by every API process. Tokens carry 256 bits, so the
 * limit is not what keeps them from being guessed; it keeps a client from hammering the pages and
 * from trying CPF/CNPJs (each wrong one is a failure).
 */
export const PUBLIC_WINDOW_MS = 15 * 60 * 1000;
/** Calls of any kind per window: opening the page, the PDF, signing. */
export const PUBLIC_MAX_CALLS = 120;
/** Failures per window: unusable tokens and wrong CPF/CNPJs. */
export const PUBLIC_MAX_FAILURES = 10;

export type PublicClient = { ip: string; userAgent: string | null };

const windowStart = (now: number) => new Date(Math.floor(now / PUBLIC_WINDOW_MS) * PUBLIC_WINDOW_MS);

export const tooManyRequests = () => new AppError('TOO_MANY_REQUESTS', ASSINATURA_MSG.muitasTentativas);

/** Counts one public call of this IP; refuses it (429) over either limit. */
export async function admitPublicCall(db: Db, client: PublicClient, now = Date.now()): Promise<void> {
  const [row] = await db
    .insert(assinaturaAcesso)
    .values({ ip: client.ip.slice(0, 64), janela: windowStart(now), chamadas: 1 })
    .onConflictDoUpdate({ target: [assinaturaAcesso.ip, assinaturaAcesso.janela], set: { chamadas: sql`${assinaturaAcesso.chamadas} + 1` } })
    .returning({ chamadas: assinaturaAcesso.chamadas, falhas: assinaturaAcesso.falhas });
  if (row.chamadas > PUBLIC_MAX_CALLS || row.falhas >= PUBLIC_MAX_FAILURES) throw tooManyRequests();
}

/** Counts a failed attempt (unusable token, wrong CPF/CNPJ) of this IP in the current window. */
export async function recordPublicFailure(db: Db, client: PublicClient, now = Date.now()): Promise<void> {
  await db
    .update(assinaturaAcesso)
    .set({ falhas: sql`${assinaturaAcesso.falhas} + 1` })
    .where(and(eq(assinaturaAcesso.ip, client.ip.slice(0, 64)), eq(assinaturaAcesso.janela, windowStart(now))));
}

/** Daily clean-up of finished windows (cron and policy in jobs/catalogue.ts). */
export const assinaturaLimpezaJob = jobKind('assinatura.limpeza');

/** Windows older than a day go (they only matter for 15 minutes). */
export async function limparAcessosPublicos(_data: Record<string, never>, ctx: JobContext): Promise<{ removidas: number }> {
  const removed = await ctx.db
    .delete(assinaturaAcesso)
    .where(lt(assinaturaAcesso.janela, new Date(ctx.clock.now().getTime() - 24 * 3600 * 1000)))
    .returning({ ip: assinaturaAcesso.ip });
  return { removidas: removed.length };
}
