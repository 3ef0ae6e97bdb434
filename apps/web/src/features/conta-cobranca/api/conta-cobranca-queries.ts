import { queryOptions } from '@tanstack/react-query';
import { listContasBanco } from './conta-banco';
import { getContaCobranca } from './conta-cobranca';

/** The conta de cobrança feature's query keys (decision 102). */
export const contaCobrancaKeys = {
  /** The active account (there is one at a time); by prefix, every key below. */
  current: ['conta-cobranca'] as const,
  /** Every conta with its mode and endpoints (Integração com o banco). */
  contas: ['conta-cobranca', 'contas'] as const,
};

export const contaCobrancaQuery = () => queryOptions({ queryKey: contaCobrancaKeys.current, queryFn: getContaCobranca });

export const contasBancoQuery = () => queryOptions({ queryKey: contaCobrancaKeys.contas, queryFn: listContasBanco });
