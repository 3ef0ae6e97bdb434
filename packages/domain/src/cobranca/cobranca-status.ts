import { SITUACAO, type Situacao } from '../situacao/boleto-situacao.js';

/**
 * Statuses of collections (DOMAIN.md "Collections", spec §4 Settlement). Spelled as the spec
 * shows them: the acordo starts "Aguardando Ativação", its instalments "Em Aberto".
 */
export const ACORDO_STATUS = {
  AGUARDANDO: 'Aguardando Ativação',
  ATIVO: 'ATIVO',
  QUITADO: 'QUITADO',
  CANCELADO: 'CANCELADO',
} as const;
export const ACORDO_STATUSES = [ACORDO_STATUS.AGUARDANDO, ACORDO_STATUS.ATIVO, ACORDO_STATUS.QUITADO, ACORDO_STATUS.CANCELADO] as const;
export type AcordoStatus = (typeof ACORDO_STATUSES)[number];

/** An instalment is paid once ("Paga"); cancelling the acordo cancels the ones still open. */
export const PARCELA_SITUACAO = { EM_ABERTO: 'Em Aberto', PAGA: 'Paga', CANCELADA: 'Cancelada' } as const;
export const PARCELA_SITUACOES = [PARCELA_SITUACAO.EM_ABERTO, PARCELA_SITUACAO.PAGA, PARCELA_SITUACAO.CANCELADA] as const;
export type ParcelaSituacao = (typeof PARCELA_SITUACOES)[number];

/** A schedule (agendamento / note) is PENDENTE until the operator marks it done (REALIZADO). */
export const AGENDAMENTO_STATUS = { PENDENTE: 'PENDENTE', REALIZADO: 'REALIZADO' } as const;
export const AGENDAMENTO_STATUSES = [AGENDAMENTO_STATUS.PENDENTE, AGENDAMENTO_STATUS.REALIZADO] as const;
export type AgendamentoStatus = (typeof AGENDAMENTO_STATUSES)[number];

/** An SPC record of ours: ATIVA blocks new guarantees for the document; REMOVIDA after exclusion. */
/**
 * An SPC record of one boleto (decision 111): AVISADA — the prior notice was sent and the inclusion
 * waits for the notice period (CDC art. 43 § 2º); ATIVA — registered at the bureau (blocks new
 * guarantees); REMOVIDA — excluded after payment; DESISTIDA — never registered, the debt ended (or
 * the notice could not be delivered) within the notice period.
 */
export const SPC_STATUS = { AVISADA: 'AVISADA', ATIVA: 'ATIVA', REMOVIDA: 'REMOVIDA', DESISTIDA: 'DESISTIDA' } as const;
export const SPC_STATUSES = [SPC_STATUS.AVISADA, SPC_STATUS.ATIVA, SPC_STATUS.REMOVIDA, SPC_STATUS.DESISTIDA] as const;
/** Records that keep a boleto from another "Incluir no SPC": notice running, or registered. */
export const SPC_EM_CURSO: readonly SpcStatus[] = [SPC_STATUS.AVISADA, SPC_STATUS.ATIVA];
export type SpcStatus = (typeof SPC_STATUSES)[number];

/** An acordo that may still change: instalments paid, or cancelled. */
export const ACORDO_VIGENTE: readonly AcordoStatus[] = [ACORDO_STATUS.AGUARDANDO, ACORDO_STATUS.ATIVO];

/**
 * Situações in which the debt of a boleto no longer exists for the debtor (docs/decisions/050): paid
 * at the bank (LIQUIDADO), paid to the shop (ENVIADO PARA BAIXA, BAIXADO), or cancelled. An SPC
 * record of such a boleto must be excluded within 5 business days (STJ Súmula 548). QUITADO is not
 * here: the guarantor paid the shop, the debtor still owes the guarantor (DOMAIN.md: "QUITADO by the
 * guarantor but not yet recovered" is open). A boleto replaced by an acordo is settled when the
 * acordo is QUITADO.
 */
export const DIVIDA_EXTINTA_SITUACOES: readonly Situacao[] = [
  SITUACAO.LIQUIDADO,
  SITUACAO.ENVIADO_BAIXA,
  SITUACAO.BAIXADO,
  SITUACAO.ENVIADO_CANCELAMENTO,
  SITUACAO.BAIXADO_CANCELADO,
  SITUACAO.CANCELADO_SR,
  SITUACAO.CANCELADO,
];

/** Legal deadline to exclude an SPC record after the debt is paid (STJ Súmula 548). */
export const SPC_EXCLUSAO_DIAS_UTEIS = 5;

/** Telefones of the defaulters list: at most four, joined by " / " (spec §2 Inadimplentes). */
export const INADIMPLENTE_MAX_TELEFONES = 4;
