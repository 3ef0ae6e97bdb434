import { simuladorContracts as c, type ContractResult } from '@bg/domain';
import { call } from '../../../lib/api-contract';

/** The simulated sale as the API answers it (simulateSale, in reais). */
export type SimulacaoVenda = ContractResult<typeof c.antecipacao>;
export type ParcelaVenda = SimulacaoVenda['boletos'][number];

/** GET /api/simulador/antecipacao/{valor}/{qtdParcelas}; an administrador may name the empresa. */
export const simularVenda = (valor: number, qtdParcelas: number, empresaId?: number) =>
  call(c.antecipacao, { params: { valor, qtdParcelas }, query: { empresa_id: empresaId } });
