import { z } from 'zod';
import { isIsoDate, todayInSaoPaulo } from '../dates/calendar.js';
import { MSG } from '../schemas/messages.js';
import { idParam, moneySchema, vencimentoAteLimiteSchema, wireNumber } from '../schemas/common.js';
import { SETTLEMENT_MAX_INSTALLMENTS, SETTLEMENT_MIN_INSTALLMENTS } from './settlement-constants.js';
import { SETTLEMENT_MSG } from './settlement-error.js';

/** An emptied input ('' or null) is a missing value, so it answers "Campo obrigatório" (spec §5). */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const boletoId = idParam;

/**
 * The acordo simulation request the "Novo Acordo" form validates and the API parses (HOUSE-STYLE
 * habit 2). Money in reais, as on the wire; the API converts with `toCents`. The plain object is
 * exported so the API can `.extend` it (an object with refinements cannot be extended).
 */
export const settlementSimulationFields = z.object({
  boletoIds: z.array(boletoId, { error: SETTLEMENT_MSG.semBoletos }).min(1, SETTLEMENT_MSG.semBoletos),
  qtdParcelas: z.preprocess(
    blankToUndefined,
    wireNumber(
      z.number({ error: SETTLEMENT_MSG.parcelas }).int(SETTLEMENT_MSG.parcelas).min(SETTLEMENT_MIN_INSTALLMENTS, SETTLEMENT_MSG.parcelas).max(SETTLEMENT_MAX_INSTALLMENTS, SETTLEMENT_MSG.parcelas),
      SETTLEMENT_MSG.parcelas,
    ),
  ),
  /** Spec §5: the instalment dates are required; each at most 10 years ahead (dates/date-limits.ts). */
  vencimentos: z.array(vencimentoAteLimiteSchema, { error: MSG.required }).min(1, MSG.required),
  /** Spec §5: the first-instalment value is required (ignored by the math when there is one instalment). */
  valorEntrada: z.preprocess(blankToUndefined, moneySchema.refine((v) => v > 0, SETTLEMENT_MSG.entradaPositiva)),
  /** Edited after the first simulation, so it starts empty and means R$ 0,00. */
  desconto: z.preprocess(blankToUndefined, moneySchema.optional()).transform((v) => v ?? 0),
});

type SettlementShape = { boletoIds: number[]; qtdParcelas: number; vencimentos: string[] };

/**
 * What needs more than one field: one date per instalment, increasing, the first not in the past.
 * Exported so a request that extends `settlementSimulationFields` (the acordo create body) applies it.
 */
export function refineSettlementPlan(v: SettlementShape, ctx: z.RefinementCtx): void {
  if (new Set(v.boletoIds).size !== v.boletoIds.length) {
    ctx.addIssue({ code: 'custom', path: ['boletoIds'], message: SETTLEMENT_MSG.boletoRepetido });
  }
  if (v.vencimentos.length !== v.qtdParcelas) {
    ctx.addIssue({ code: 'custom', path: ['vencimentos'], message: SETTLEMENT_MSG.vencimentoPorParcela });
    return;
  }
  // A malformed date already has its own message; comparing it would only add a confusing second one.
  if (!v.vencimentos.every(isIsoDate)) return;
  if (v.vencimentos[0] < todayInSaoPaulo()) {
    ctx.addIssue({ code: 'custom', path: ['vencimentos', 0], message: SETTLEMENT_MSG.vencimentoPassado });
  }
  v.vencimentos.forEach((date, i) => {
    if (i > 0 && date <= v.vencimentos[i - 1]) {
      ctx.addIssue({ code: 'custom', path: ['vencimentos', i], message: SETTLEMENT_MSG.vencimentosCrescentes });
    }
  });
}

export const settlementSimulationSchema = settlementSimulationFields.superRefine(refineSettlementPlan);
export type SettlementSimulationRequest = z.infer<typeof settlementSimulationSchema>;
