import { queryOptions } from '@tanstack/react-query';
import { getCuraAcordo, getExposicao, getPerdas, getPrimeiroPagamento, getProvisoes, getRolagem, getVintage, type Periodo } from './risco';

/** The risco feature's query keys (decision 102). */
export const riscoKeys = {
  all: ['risco'] as const,
  exposicao: () => ['risco', 'exposicao'] as const,
  vintage: (p: Periodo) => ['risco', 'vintage', p] as const,
  rolagem: (mes: string | undefined) => ['risco', 'rolagem', mes ?? null] as const,
  primeiroPagamento: (p: Periodo) => ['risco', 'primeiro-pagamento', p] as const,
  curaAcordo: (p: Periodo) => ['risco', 'cura-acordo', p] as const,
  perdas: (p: Periodo) => ['risco', 'perdas', p] as const,
  provisoes: () => ['risco', 'provisoes'] as const,
};

export const exposicaoQuery = () => queryOptions({ queryKey: riscoKeys.exposicao(), queryFn: getExposicao });
export const vintageQuery = (p: Periodo) => queryOptions({ queryKey: riscoKeys.vintage(p), queryFn: () => getVintage(p) });
export const rolagemQuery = (mes: string | undefined) => queryOptions({ queryKey: riscoKeys.rolagem(mes), queryFn: () => getRolagem(mes) });
export const primeiroPagamentoQuery = (p: Periodo) => queryOptions({ queryKey: riscoKeys.primeiroPagamento(p), queryFn: () => getPrimeiroPagamento(p) });
export const curaAcordoQuery = (p: Periodo) => queryOptions({ queryKey: riscoKeys.curaAcordo(p), queryFn: () => getCuraAcordo(p) });
export const perdasQuery = (p: Periodo) => queryOptions({ queryKey: riscoKeys.perdas(p), queryFn: () => getPerdas(p) });
export const provisoesQuery = () => queryOptions({ queryKey: riscoKeys.provisoes(), queryFn: getProvisoes });
