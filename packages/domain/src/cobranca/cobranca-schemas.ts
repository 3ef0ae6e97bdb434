import { z } from 'zod';
import { idParam, isoDateSchema, moneySchema, requiredText, vencimentoAteLimiteSchema, wholeNumberSchema } from '../schemas/common.js';
import { MSG } from '../schemas/messages.js';
import { refineSettlementPlan, settlementSimulationFields } from '../settlement/settlement-schema.js';
import { SETTLEMENT_MAX_INSTALLMENTS } from '../settlement/settlement-constants.js';
import { addMonthsClamped, type IsoDate } from '../dates/calendar.js';
import { DATE_MSG, isDateInRange } from '../dates/date-limits.js';
import { COBRANCA_MSG } from './cobranca-messages.js';

export const cobrancaId = idParam;

/** A month filter, 'YYYY-MM' (spec §2: Agendamentos and Acordos filter by month). */
export const mesSchema = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: COBRANCA_MSG.mesInvalido, abort: true })
  // a year the database and the month arithmetic hold (dates/date-limits.ts)
  .refine((mes) => isDateInRange(`${mes}-01`), DATE_MSG.foraDoIntervalo);

/** The half-open range [first day, first day of the next month) of a 'YYYY-MM' month. */
export function mesRange(mes: string): { inicio: IsoDate; fim: IsoDate } {
  const inicio = `${mes}-01`;
  return { inicio, fim: addMonthsClamped(inicio, 1) };
}

/** Spec §5 Note: descrição and data are required. */
export const agendamentoSchema = z.object({
  data: isoDateSchema,
  descricao: requiredText(1000),
  pessoa_id: cobrancaId,
});
export type AgendamentoInput = z.infer<typeof agendamentoSchema>;

/**
 * POST /api/acordo/create: the simulation request of the shared form schema plus the figures the
 * screen showed (spec §3 Settlement draft: parcelas, desconto, totalParcelamento, qtdParcelas). The
 * server simulates again from the database and refuses the request when any figure differs.
 */
export const acordoCreateSchema = settlementSimulationFields
  .extend({
    pessoa_id: cobrancaId,
    valor_sem_juros: moneySchema,
    valor_atualizado: moneySchema,
    totalParcelamento: moneySchema,
    parcelas: z
      .array(
        z.object({
          parcela: wholeNumberSchema('Parcela inválida', { min: 1, max: SETTLEMENT_MAX_INSTALLMENTS }),
          vencimento: vencimentoAteLimiteSchema,
          valor: moneySchema,
        }),
      )
      .min(1, MSG.required)
      .max(SETTLEMENT_MAX_INSTALLMENTS),
  })
  .superRefine(refineSettlementPlan);
export type AcordoCreateBody = z.input<typeof acordoCreateSchema>;
export type AcordoCreateInput = z.output<typeof acordoCreateSchema>;

export const baixarParcelaSchema = z.object({ parcelaId: cobrancaId });
export const cancelarAcordoSchema = z.object({ acordoId: cobrancaId });
export const incluirSpcSchema = z.object({ boletoId: cobrancaId });
