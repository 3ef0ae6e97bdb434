/**
 * Data that several features read the same way, cached once under one key (decision 102): the
 * empresas for a select and the system configuration. Screens spread the query options into
 * `useQuery` and add their own `enabled` / `staleTime`; no feature fetches these on its own.
 */
import { queryOptions } from '@tanstack/react-query';
import { empresasForSelect, systemConfig } from './lookup-calls';

export const lookupKeys = {
  /**
   * Under the empresas feature's root key (`['empresas']`) on purpose: saving, blocking or
   * enabling an empresa invalidates that root, which refreshes every select of empresas too.
   */
  empresas: ['empresas', 'select'] as const,
  config: ['config'] as const,
};

/** The empresas the user may pick, as dataForSelect answers them. */
export const empresasForSelectQuery = () => queryOptions({ queryKey: lookupKeys.empresas, queryFn: empresasForSelect });

/** The system configuration: fixed while the app runs, so it is read once. */
export const systemConfigQuery = () => queryOptions({ queryKey: lookupKeys.config, queryFn: systemConfig, staleTime: Infinity });
