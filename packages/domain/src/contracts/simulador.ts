import { z } from 'zod';
import { idParam } from '../schemas/common.js';
import { saleSimulationSchema } from '../sale-simulator/sale-simulation-schema.js';
import { defineContract } from './contract.js';
import { calendarDate, id, money, ok, rate } from './envelope.js';

/** "Simulador de venda com taxas" (spec §2, §3 Sale simulation, §7). Math: simulateSale. */
const tags = ['simulador'];

export const SIMULADOR_MSG = {
  naoHabilitado: 'O simulador de venda não está habilitado para a sua empresa.',
} as const;

/** An instalment of the simulated sale: its vencimento and new value, plus the fee behind it. */
const parcelaJson = z.object({
  parcela: z.number().int(),
  vencimento: calendarDate,
  qtd_dias: z.number().int(),
  /** taxa_prorrata × days, percent (3.1 = 3,1%). */
  taxa: rate,
  valor_nova_parcela: money,
  valor_taxa: money,
  valor_liquido: money,
});

export const simuladorContracts = {
  antecipacao: defineContract({
    method: 'GET', path: '/api/simulador/antecipacao/:valor/:qtdParcelas', access: 'authenticated', tags,
    summary: 'Simular venda com taxas: valor da nova parcela para a loja receber o valor da venda',
    // the same fields (and messages) as the form's saleSimulationSchema
    params: z.object({ valor: saleSimulationSchema.shape.valor, qtdParcelas: saleSimulationSchema.shape.qtd_parcelas }),
    // administrador (no empresa of its own): whose taxa_prorrata; without it, the default 0.1
    query: z.object({ empresa_id: idParam.optional().or(z.literal('').transform(() => undefined)) }),
    response: ok({
      valor: money,
      qtd_parcelas: z.number().int(),
      taxa_prorrata: rate,
      /** The empresa whose rate was used; null for the default rate. */
      empresa_id: id.nullable(),
      boletos: z.array(parcelaJson),
      valor_nova_parcela: money,
      total: money,
      total_liquido: money,
    }),
  }),
};
