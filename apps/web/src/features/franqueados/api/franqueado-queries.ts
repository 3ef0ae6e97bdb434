import { queryOptions } from '@tanstack/react-query';
import { franqueadosApi } from './franqueados';

/** The franqueados feature's query keys (decision 102). */
export const franqueadoKeys = {
  all: ['franqueados'] as const,
};

/** Each franchisor with its franchisees. */
export const franqueadosQuery = () => queryOptions({ queryKey: franqueadoKeys.all, queryFn: franqueadosApi.list });
