import { formatBRL } from '../money/format-brl.js';
import type { Cents } from '../money/cents.js';

/**
 * The seams between modules (DOMAIN.md "Seams between modules", decision 109): what may be done to a
 * boleto an advance holds, decided in one place for the API (which refuses) and the screens (which
 * do not offer what would be refused, and say the consequence before an administrador acts).
 */
export type SeamAction = 'receber' | 'atualizar' | 'cancelar' | 'quitar';
export type AdvanceHold = { id: number; situacao: 'EM ANÁLISE' | 'APROVADA' | 'NEGADA' } | null;

export const SEAM_MSG = {
  emAnalise: (id: number) =>
    `O boleto está na antecipação nº ${id}, em análise: ele não pode ser recebido, alterado, cancelado nem quitado até a antecipação ser decidida.`,
  antecipado: (id: number) =>
    `Este boleto foi antecipado à loja (antecipação nº ${id}): a loja não pode recebê-lo, alterá-lo nem cancelá-lo. Se o cliente pagou à loja, um administrador da Boleto Garantido registra o recebimento.`,
  valorAntecipado: (id: number) => `Este boleto foi antecipado à loja (antecipação nº ${id}): o valor dele não pode ser alterado.`,
} as const;

/**
 * Why `action` is refused for a boleto held by `hold`, or null when allowed:
 * - inside an advance EM ANÁLISE nothing of the four is allowed, to anyone (the answer names the advance);
 * - inside an APROVADA advance a shop's user may not receive, update or cancel it; an administrador
 *   may receive (the customer paid the shop: the advance becomes a debt of the shop), cancel (the
 *   same), quitar (pays the shop nothing) and change its due date — never its value.
 */
export function seamRefusal(action: SeamAction, hold: AdvanceHold, opts: { admin: boolean; valorMuda?: boolean }): string | null {
  if (!hold || hold.situacao === 'NEGADA') return null;
  if (hold.situacao === 'EM ANÁLISE') return SEAM_MSG.emAnalise(hold.id);
  if (!opts.admin && action !== 'quitar') return SEAM_MSG.antecipado(hold.id);
  if (action === 'atualizar' && opts.valorMuda) return SEAM_MSG.valorAntecipado(hold.id);
  return null;
}

/**
 * What an administrador's action on an advanced boleto does to the money, said in the confirmation
 * before it happens; null when the action has no consequence beyond its usual one.
 */
export function seamConsequence(action: SeamAction, hold: AdvanceHold, valorCents: Cents): string | null {
  if (!hold || hold.situacao !== 'APROVADA') return null;
  const v = formatBRL(valorCents);
  const n = hold.id;
  switch (action) {
    case 'receber':
      return `Este boleto foi antecipado à loja (antecipação nº ${n}). Registrar que o cliente pagou à loja faz o valor antecipado (${v}) virar uma dívida da loja, descontada do próximo repasse. Esta ação não pode ser desfeita. Confirmar?`;
    case 'cancelar':
      return `Este boleto foi antecipado à loja (antecipação nº ${n}). Cancelá-lo faz o valor antecipado (${v}) virar uma dívida da loja, descontada do próximo repasse. Esta ação não pode ser desfeita. Confirmar?`;
    case 'quitar':
      return `Este boleto foi antecipado à loja (antecipação nº ${n}): quitá-lo não paga nada à loja (a antecipação já pagou); a dívida de ${v} passa para a cobrança do devedor. Esta ação não pode ser desfeita. Confirmar?`;
    default:
      return null;
  }
}
