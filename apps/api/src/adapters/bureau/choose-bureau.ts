import { todayInSaoPaulo } from '@bg/domain';
import type { Clock } from '../../shared/clock.js';
import type { BureauAdapter } from './bureau.js';
import { localBureau } from './local-bureau.js';
import { withOwnRestrictions } from './with-own-restrictions.js';

/**
 * Production providers by BUREAU_PROVIDER value: each implements BureauAdapter over HTTP
 * (docs/decisions/022). None ships yet; `local` is the built-in default. A provider that ships adds
 * its name to BUREAU_PROVIDER's values and its own settings to config-schema.ts.
 */
export type BureauFactory = (deps: { clock: Clock }) => BureauAdapter;
export const BUREAU_PROVIDERS: Record<string, BureauFactory> = {};

/**
 * The bureau of BUREAU_PROVIDER (validated by loadConfig), built once by buildApp. A production
 * provider is always completed with our own restrictions (withOwnRestrictions), so the lookup rules
 * hold whichever provider is configured.
 */
export function chooseBureau(provider: string, clock: Clock, providers = BUREAU_PROVIDERS): BureauAdapter {
  const local = localBureau(() => todayInSaoPaulo(clock.now()));
  if (provider === 'local') return local;
  const make = Object.prototype.hasOwnProperty.call(providers, provider) ? providers[provider] : undefined;
  if (!make) throw new Error(`BUREAU_PROVIDER desconhecido: ${provider}`);
  return withOwnRestrictions(make({ clock }), local);
}
