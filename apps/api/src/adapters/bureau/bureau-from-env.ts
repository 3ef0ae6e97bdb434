import type { BureauAdapter } from './bureau.js';
import { localBureau } from './local-bureau.js';
import { withOwnRestrictions } from './with-own-restrictions.js';

/**
 * Production providers by BUREAU_PROVIDER value: each implements BureauAdapter over HTTP
 * (docs/decisions/022). None ships yet; `local` is the built-in default.
 */
export const BUREAU_PROVIDERS: Record<string, (env: NodeJS.ProcessEnv) => BureauAdapter> = {};

/**
 * Chooses the bureau by BUREAU_PROVIDER. A production provider is always completed with our own
 * restrictions (withOwnRestrictions), so the lookup rules hold whichever provider is configured.
 * An unknown value is a configuration error, so it fails at start instead of silently answering
 * from local data.
 */
export function bureauFromEnv(env: NodeJS.ProcessEnv = process.env, providers = BUREAU_PROVIDERS): BureauAdapter {
  const provider = env.BUREAU_PROVIDER || 'local';
  if (provider === 'local') return localBureau();
  const make = Object.prototype.hasOwnProperty.call(providers, provider) ? providers[provider] : undefined;
  if (!make) throw new Error(`BUREAU_PROVIDER desconhecido: ${provider}`);
  return withOwnRestrictions(make(env));
}
