import { queryOptions } from '@tanstack/react-query';
import { getContaCobranca } from './conta-cobranca';

/** The conta de cobrança feature's query keys (decision 102). */
export const contaCobrancaKeys = {
  /** The active account (there is one at a time). */
  current: ['conta-cobranca'] as const,
};

export const contaCobrancaQuery = () => queryOptions({ queryKey: contaCobrancaKeys.current, queryFn: getContaCobranca });
