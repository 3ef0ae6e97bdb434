import {
  defaultSettlementDueDates,
  fromCents,
  SettlementError,
  settlementSimulationSchema,
  settlementUpdatedValue,
  simulateSettlement,
  toCents,
  type SettlementSimulation,
  type SettlementUpdatedValue,
} from '@bg/domain';
import type { AcordoCreateRequest, BoletoPendente } from '../api/cobranca';

/** The "Novo Acordo" form: reais as typed (null = empty), dates 'YYYY-MM-DD'. */
export type PlanForm = {
  boletoIds: number[];
  qtdParcelas: number;
  vencimentos: string[];
  valorEntrada: number | null;
  desconto: number | null;
};

export const initialPlan = (boletoIds: number[], hoje: string, qtd = 1): PlanForm => ({
  boletoIds,
  qtdParcelas: qtd,
  vencimentos: defaultSettlementDueDates(hoje, qtd),
  valorEntrada: null,
  desconto: null,
});

/** A new instalment count: default dates again (today, then monthly), the rest kept. */
export const withQtd = (form: PlanForm, qtd: number, hoje: string): PlanForm => ({ ...form, qtdParcelas: qtd, vencimentos: defaultSettlementDueDates(hoje, qtd) });

/** What cancelled acordos already paid of the chosen boletos ("Pagamentos anteriores", decision 109). */
export const pagamentosAnterioresCents = (chosen: readonly BoletoPendente[]) => chosen.reduce((s, b) => s + toCents(b.pagamentos_anteriores), 0);

/** Valor sem juros / valor atualizado of the chosen boletos, the same function the API uses. */
export function selectionValue(boletos: readonly BoletoPendente[], ids: readonly number[], hoje: string): SettlementUpdatedValue | null {
  const chosen = boletos.filter((b) => ids.includes(b.id));
  if (!chosen.length) return null;
  return settlementUpdatedValue(chosen.map((b) => ({ amountCents: toCents(b.valor), dueDate: b.vencimento })), hoje, pagamentosAnterioresCents(chosen));
}

export type PlanResult = { ok: true; sim: SettlementSimulation } | { ok: false; errors: Record<string, string> };

/**
 * Validates the form with the shared schema (settlementSimulationSchema, as the API does) and runs
 * simulateSettlement on the chosen boletos: the figures the operator sees are the server's.
 * With one instalment the entrada is the whole balance, so the field is filled with it.
 */
export function simulatePlan(boletos: readonly BoletoPendente[], form: PlanForm, hoje: string): PlanResult {
  const parsed = settlementSimulationSchema.safeParse(form);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.map(String).join('.') || 'boletoIds';
      if (!errors[key]) errors[key] = issue.message;
    }
    return { ok: false, errors };
  }
  const chosen = boletos.filter((b) => parsed.data.boletoIds.includes(b.id));
  try {
    const sim = simulateSettlement({
      boletos: chosen.map((b) => ({ amountCents: toCents(b.valor), dueDate: b.vencimento })),
      today: hoje,
      installments: parsed.data.qtdParcelas,
      dueDates: parsed.data.vencimentos,
      firstAmountCents: toCents(parsed.data.valorEntrada),
      discountCents: toCents(parsed.data.desconto),
      previousPaymentsCents: pagamentosAnterioresCents(chosen),
    });
    return { ok: true, sim };
  } catch (err) {
    if (err instanceof SettlementError) return { ok: false, errors: { [err.field ?? 'boletoIds']: err.message } };
    throw err;
  }
}

/** POST /api/acordo/create: the choices plus every figure shown (the server recomputes and compares). */
export function acordoRequest(pessoaId: number, form: PlanForm, sim: SettlementSimulation): AcordoCreateRequest {
  return {
    pessoa_id: pessoaId,
    boletoIds: form.boletoIds,
    qtdParcelas: form.qtdParcelas,
    vencimentos: form.vencimentos,
    valorEntrada: form.valorEntrada ?? 0,
    desconto: form.desconto ?? 0,
    valor_sem_juros: fromCents(sim.baseCents),
    valor_atualizado: fromCents(sim.updatedCents),
    totalParcelamento: fromCents(sim.totalCents),
    parcelas: sim.installments.map((p) => ({ parcela: p.number, vencimento: p.dueDate, valor: fromCents(p.amountCents) })),
  };
}
