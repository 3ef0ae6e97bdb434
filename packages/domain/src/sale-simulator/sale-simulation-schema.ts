import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../money/cents.js';
import { MAX_MONEY, wireNumber } from '../schemas/common.js';
import { SALE_MSG, SALE_SIMULATION_MAX_INSTALLMENTS, SALE_SIMULATION_MIN_INSTALLMENTS } from './sale-simulation-error.js';

/** An emptied input ('' or null) is a missing value, answered with the spec's "É obrigatório…". */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * Sale value in reais as on the wire (number, or text from the path `/api/simulador/antecipacao/
 * {valor}/{qtdParcelas}`). Zero counts as missing: spec §5 disables SIMULAR while it is empty or zero.
 */
const valorVenda = z.preprocess(
  blankToUndefined,
  z
    .union([z.number(), z.string().trim().regex(/^\d+(?:[.,]\d{1,2})?$/, SALE_MSG.valorInvalido)], {
      error: (issue) => (issue.input === undefined ? SALE_MSG.valorObrigatorio : SALE_MSG.valorInvalido),
    })
    .transform((v) => (typeof v === 'string' ? Number(v.replace(',', '.')) : v))
    .refine((v) => Number.isFinite(v) && v >= 0 && v <= MAX_MONEY && hasAtMostTwoDecimals(v), SALE_MSG.valorInvalido)
    .refine((v) => v > 0, SALE_MSG.valorObrigatorio),
);

const qtdParcelas = z.preprocess(
  blankToUndefined,
  wireNumber(
    z.number({ error: SALE_MSG.parcelas }).int(SALE_MSG.parcelas).min(SALE_SIMULATION_MIN_INSTALLMENTS, SALE_MSG.parcelas).max(SALE_SIMULATION_MAX_INSTALLMENTS, SALE_MSG.parcelas),
    SALE_MSG.parcelas,
    SALE_MSG.parcelasObrigatorio,
  ),
);

/**
 * "Simulador de venda com taxas" form and GET /api/simulador/antecipacao/{valor}/{qtdParcelas}
 * (spec §3 names: valor, qtd_parcelas). Both are required; the form starts qtd_parcelas at
 * SALE_SIMULATION_DEFAULT_INSTALLMENTS rather than the schema filling it in, so clearing the field
 * shows the required message as spec §5 asks.
 */
export const saleSimulationSchema = z.object({ valor: valorVenda, qtd_parcelas: qtdParcelas });
export type SaleSimulationRequest = z.infer<typeof saleSimulationSchema>;
