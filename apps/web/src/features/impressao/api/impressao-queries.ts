import { queryOptions } from '@tanstack/react-query';
import { usePagedList } from '../../../lib/use-paged-list';
import { listAssinaturas } from './assinatura-envio';
import { getGarantiaImpressao, listGarantiasImpressao } from './impressao';

/** The impressão feature's query keys (decision 102). */
export const impressaoKeys = {
  /** Every page of Impressão de Boletos (and, by prefix, every key below). */
  all: ['impressao'] as const,
  detail: (garantiaId: number) => ['impressao', 'detalhe', garantiaId] as const,
  /** The guarantee's signing requests ("Assinatura digital"). */
  assinaturas: (garantiaId: number) => ['impressao', 'assinaturas', garantiaId] as const,
};

/** Boletos da Garantia: the request and its instalments. */
export const garantiaImpressaoQuery = (garantiaId: number) =>
  queryOptions({ queryKey: impressaoKeys.detail(garantiaId), queryFn: () => getGarantiaImpressao(garantiaId) });

export const assinaturasQuery = (garantiaId: number) => queryOptions({ queryKey: impressaoKeys.assinaturas(garantiaId), queryFn: () => listAssinaturas(garantiaId) });

/** Impressão de Boletos, searched by name, document or protocol. */
export const useImpressaoList = () => usePagedList({ key: impressaoKeys.all, fetch: ({ page, pesquisa }) => listGarantiasImpressao(page, pesquisa) });
