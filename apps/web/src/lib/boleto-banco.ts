/**
 * A boleto at the bank (GET /api/banco/boleto/{id}), cached once under one key whichever screen
 * shows it (decision 102), so "Consultar no banco" on one screen refreshes it on every other.
 */
import { queryOptions } from '@tanstack/react-query';
import { getBoletoBanco, type BoletoBanco } from './boleto-banco-calls';

export const boletoBancoKeys = {
  /** Every boleto's bank state (the prefix invalidated after a change at the bank). */
  all: ['banco', 'boleto'] as const,
  detail: (boletoId: number) => ['banco', 'boleto', boletoId] as const,
};

export const boletoBancoQuery = (boletoId: number) => queryOptions({ queryKey: boletoBancoKeys.detail(boletoId), queryFn: () => getBoletoBanco(boletoId) });

/** Still waiting for the bank's word on the registration: worth asking again soon. */
export const aguardandoBanco = (b: Pick<BoletoBanco, 'modo' | 'estado'> | undefined): boolean =>
  b?.modo === 'API' && (b.estado === null || b.estado === 'PENDENTE' || b.estado === 'ENVIANDO');
