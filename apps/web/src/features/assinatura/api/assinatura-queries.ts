import { queryOptions } from '@tanstack/react-query';
import { getAssinaturaPublica } from './assinatura';

/** The public signing page's query keys (decision 102). */
export const assinaturaKeys = {
  publica: (token: string) => ['assinatura-publica', token] as const,
};

/**
 * What the signing link shows. Asked once: a refused link (invalid, expired, too many tries)
 * stays refused, and nothing on the page changes while the buyer reads it.
 */
export const assinaturaPublicaQuery = (token: string) =>
  queryOptions({ queryKey: assinaturaKeys.publica(token), queryFn: () => getAssinaturaPublica(token), retry: false, staleTime: Infinity });
