import type { FastifyInstance } from 'fastify';
import { cepContracts as c } from '@bg/domain';
import { jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { lookupCep } from '../modules/cep/lookup-cep.js';

/**
 * Postal-code lookup for every address form (one CepInput on the web). The app's CEP service: the
 * providers of CEP_PROVIDERS / CEP_TIMEOUT_MS, cached rows refreshed after CEP_CACHE_DAYS; no
 * CEP_PROVIDERS means cache only (offline), whatever the rows' age.
 */
export async function cepRoutes(app: FastifyInstance, ctx: AppContext) {
  const { providers, cacheDays } = ctx.cep;
  jsonRoute(app, c.getEndereco, async (request) => {
    const data = await lookupCep(
      {
        db: ctx.database.db,
        providers,
        cacheDays,
        now: () => ctx.clock.now(),
        onProviderError: (provider, err) => request.log.warn({ provider, err: String(err) }, 'CEP provider failed'),
        onStaleServed: (cep, fetchedAt) => request.log.warn({ cep, fetchedAt }, 'CEP providers unavailable; answering the stale cached address'),
      },
      request.params.cep,
    );
    return { status: 200, msg: 'ok', data };
  });
}
