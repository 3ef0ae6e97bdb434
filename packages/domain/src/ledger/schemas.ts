import { z } from 'zod';
import { todayInSaoPaulo } from '../dates/calendar.js';
import { idParam, isoDateSchema, moneySchema } from '../schemas/common.js';
import { MSG } from '../schemas/messages.js';
import { toCents } from '../money/cents.js';

/** The Portuguese messages of the ledger's use-cases. */
export const LEDGER_MSG = {
  repasseMaiorQueDevido: (valor: string, maximo: string) => `O valor do repasse (${valor}) é maior que o saldo a repassar à loja (${maximo}).`,
  repasseSemSaldo: 'Não há saldo a repassar a esta loja.',
  repasseDataFutura: 'A data do repasse não pode ser futura.',
  repasseValorPositivo: 'Informe um valor maior que zero.',
  perdaSemDivida: 'Este boleto não tem dívida em recuperação para lançar como perda: só a de um boleto quitado pela garantidora (QUITADO), ainda não recuperada.',
  perdaJaLancada: 'A dívida deste boleto já foi lançada como perda.',
  somenteAdministrador: 'Somente administradores registram repasses e perdas.',
} as const;

/**
 * Registering a repasse (the transfer that pays a shop what it is owed): the form and the route
 * share it. `chave` is a token the form makes once, so a second click or a retried request
 * registers nothing twice.
 */
export const registrarRepasseSchema = z.object({
  empresa_id: idParam,
  data: isoDateSchema.refine((d) => d <= todayInSaoPaulo(), LEDGER_MSG.repasseDataFutura),
  valor: moneySchema.refine((v) => toCents(v) > 0, LEDGER_MSG.repasseValorPositivo),
  referencia: z.string().trim().max(100).optional().nullable(),
  observacao: z.string().trim().max(300).optional().nullable(),
  chave: z.string().trim().min(8, MSG.required).max(64).regex(/^[A-Za-z0-9_-]+$/, 'Chave inválida'),
});
export type RegistrarRepasseInput = z.output<typeof registrarRepasseSchema>;

/** A debt written off as loss (administradores): the boleto and why. */
export const lancarPerdaSchema = z.object({
  boletoId: idParam,
  motivo: z.string().trim().min(3, MSG.required).max(250),
});
export type LancarPerdaInput = z.output<typeof lancarPerdaSchema>;
