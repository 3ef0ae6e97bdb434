import { queryOptions } from '@tanstack/react-query';
import { listContasBanco } from './conta-banco';
import { listBancos, listContas } from './contas';
import { getContaCobranca } from './conta-cobranca';

/** The conta de cobrança feature's query keys (decision 102). */
export const contaCobrancaKeys = {
  /** The house default account; by prefix, every key below. */
  current: ['conta-cobranca'] as const,
  /** Every conta with its default mark, its boletos and shops (decision 126). */
  lista: ['conta-cobranca', 'lista'] as const,
  /** The banks the engine offers (bancosDeCobranca). */
  bancos: ['conta-cobranca', 'bancos'] as const,
  /** Every conta with its mode and endpoints (Integração com o banco). */
  contas: ['conta-cobranca', 'contas'] as const,
};

export const contaCobrancaQuery = () => queryOptions({ queryKey: contaCobrancaKeys.current, queryFn: getContaCobranca });

export const contasBancoQuery = () => queryOptions({ queryKey: contaCobrancaKeys.contas, queryFn: listContasBanco });

export const contasQuery = () => queryOptions({ queryKey: contaCobrancaKeys.lista, queryFn: listContas });

export const bancosQuery = () => queryOptions({ queryKey: contaCobrancaKeys.bancos, queryFn: listBancos, staleTime: Infinity });
