import type { BureauAdapter } from './bureau.js';
import { localBureau } from './local-bureau.js';

/**
 * Chooses the bureau by BUREAU_PROVIDER. Only `local` (the default) ships; a production provider
 * implements BureauAdapter over HTTP and is added here (docs/decisions/022). An unknown value is a
 * configuration error, so it fails at start instead of silently answering from local data.
 */
export function bureauFromEnv(env: NodeJS.ProcessEnv = process.env): BureauAdapter {
  const provider = env.BUREAU_PROVIDER || 'local';
  if (provider === 'local') return localBureau();
  throw new Error(`BUREAU_PROVIDER desconhecido: ${provider}`);
}
