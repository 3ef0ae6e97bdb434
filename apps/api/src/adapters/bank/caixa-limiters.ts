import { CAIXA_LIMITS } from '@bg/domain';
import { createMinIntervalLimiter, type RateLimiter } from '../../modules/banco/throttle.js';
import { createArrivalLimiter } from './arrival-limiter.js';

/**
 * Caixa's two limits are per caller, not per adapter (docs/banks.md "## Caixa", MO 38.431 §4.5.3):
 * 5 requests a second per API key — contas sharing a key share the budget — and one token request
 * a minute per IP at the SSO. Adapters come and go with a conta's settings, so the limiters live
 * here, one per key and one per SSO address, for the whole process. (Two API processes double the
 * budget: docs/banks.md says how to keep Caixa's calls in one.)
 */
const porApikey = new Map<string, RateLimiter>();
const porSso = new Map<string, RateLimiter>();

/** Slack over Caixa's second for timer and clock rounding (the arrival limiter needs no more). */
const FOLGA_MS = 50;

/**
 * The 5-per-second limiter of an `apikey`, shared by every adapter of the process that uses it.
 * It limits ARRIVALS (arrival-limiter.ts): a start-time window with 200 ms of margin still let a
 * sixth request into Caixa's second when the machine was loaded (measured against the sandbox).
 */
export function caixaApiLimiter(apikey: string): RateLimiter {
  let limiter = porApikey.get(apikey);
  if (!limiter) {
    limiter = createArrivalLimiter({ limit: CAIXA_LIMITS.requisicoesPorSegundo, windowMs: 1000 + FOLGA_MS });
    porApikey.set(apikey, limiter);
  }
  return limiter;
}

/** One token request a minute to an SSO address (Caixa counts by IP: all our contas are one IP). */
export function caixaTokenLimiter(oauthUrl: string): RateLimiter {
  const key = URL.canParse(oauthUrl) ? new URL(oauthUrl).origin : oauthUrl;
  let limiter = porSso.get(key);
  if (!limiter) {
    limiter = createMinIntervalLimiter({ minIntervalMs: CAIXA_LIMITS.intervaloTokenMs });
    porSso.set(key, limiter);
  }
  return limiter;
}
