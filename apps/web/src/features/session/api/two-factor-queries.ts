import { queryOptions } from '@tanstack/react-query';
import { twoFactorApi } from './two-factor';

/** The session feature's query keys (decision 102). */
export const twoFactorKeys = {
  status: ['dois-fatores'] as const,
};

/** Whether two-factor verification is on, since when, and how many recovery codes are left. */
export const twoFactorStatusQuery = () => queryOptions({ queryKey: twoFactorKeys.status, queryFn: twoFactorApi.status });
