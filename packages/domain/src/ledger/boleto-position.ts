import type { Cents } from '../money/cents.js';
import { SITUACAO, type Situacao } from '../situacao/boleto-situacao.js';
import type { LedgerAccountCode, LedgerSide } from './accounts.js';
import type { LedgerKind } from './transaction.js';

/** One ledger line that names a boleto, as the position reads it. */
export type BoletoLedgerLine = { transactionId: number; kind: LedgerKind; code: LedgerAccountCode; side: LedgerSide; amountCents: Cents };

/** Accounts that hold a boleto's principal while someone is owed it. */
const PRINCIPAL: ReadonlySet<LedgerAccountCode> = new Set(['loja_a_pagar', 'antecipacao_a_recuperar', 'devedor_a_recuperar', 'loja_a_receber']);
/** Kinds in which money from the payer reaches a boleto's principal. */
const RECOVERY: ReadonlySet<LedgerKind> = new Set(['liquidacao', 'acordo_pagamento']);

/**
 * Where a boleto stands in the ledger, read from its own lines (decision 109):
 * - `antecipado`: what an approved advance paid the shop for it (debit of the advance account);
 * - `tomadoPelaLoja`: the advance the shop owes back because it collected or cancelled the boleto itself;
 * - `honrado`: what the guarantor paid when it honoured it (quitar; debit of the debtor's account);
 * - `pagoALoja`: everything the shop got for it — the advance, what was collected for it, the payout
 *   of the guarantee — less what it owes back;
 * - `recuperado`: principal that came from the payer (bank liquidação, acordo instalments);
 * - `perdido`: principal written off as loss;
 * - `emAberto`: the principal still to come from the payer = valor − recuperado − perdido;
 * - `destino`: the account the next money from the payer goes to — the debtor's once honoured, the
 *   advance while the boleto is advanced (and the shop did not take it back), else what the
 *   guarantor owes the shop;
 * - `liquidacoes`, `recebidoPelaLoja`: the bank paid it (count), the customer paid the shop (memo).
 */
export type BoletoPosition = {
  valorCents: Cents;
  antecipado: Cents;
  tomadoPelaLoja: Cents;
  honrado: Cents;
  pagoALoja: Cents;
  recuperado: Cents;
  /** The part of `recuperado` paid through acordos (a cancelled acordo's "Pagamentos anteriores"). */
  recuperadoEmAcordos: Cents;
  perdido: Cents;
  emAberto: Cents;
  liquidacoes: number;
  recebidoPelaLoja: Cents;
  destino: 'devedor_a_recuperar' | 'antecipacao_a_recuperar' | 'loja_a_pagar';
};

export function boletoPosition(valorCents: Cents, lines: readonly BoletoLedgerLine[]): BoletoPosition {
  let antecipado = 0;
  let tomadoPelaLoja = 0;
  let honrado = 0;
  let creditadoALoja = 0;
  let recuperado = 0;
  let recuperadoEmAcordos = 0;
  let perdido = 0;
  let recebidoPelaLoja = 0;
  const liquidacoes = new Set<number>();
  for (const l of lines) {
    const d = l.side === 'debit';
    if (l.code === 'antecipacao_a_recuperar' && d && l.kind === 'antecipacao') antecipado += l.amountCents;
    if (l.code === 'loja_a_receber' && d && (l.kind === 'recebido_loja' || l.kind === 'cancelamento_antecipado')) tomadoPelaLoja += l.amountCents;
    if (l.code === 'devedor_a_recuperar' && d && l.kind === 'honra') honrado += l.amountCents;
    if (l.code === 'loja_a_pagar' && !d) creditadoALoja += l.amountCents;
    if (PRINCIPAL.has(l.code) && !d && RECOVERY.has(l.kind)) {
      recuperado += l.amountCents;
      if (l.kind === 'acordo_pagamento') recuperadoEmAcordos += l.amountCents;
    }
    if (l.code === 'devedor_a_recuperar' && !d && l.kind === 'perda') perdido += l.amountCents;
    if (l.code === 'memo_recebido_loja' && d) recebidoPelaLoja += l.amountCents;
    if (l.kind === 'liquidacao') liquidacoes.add(l.transactionId);
  }
  // the reversals (estorno) of a boleto's lines are not read here: no event reverses a boleto's posting
  const destino = honrado > 0 ? 'devedor_a_recuperar' : antecipado > 0 && tomadoPelaLoja < antecipado ? 'antecipacao_a_recuperar' : 'loja_a_pagar';
  return {
    valorCents,
    antecipado,
    tomadoPelaLoja,
    honrado,
    pagoALoja: antecipado + creditadoALoja - tomadoPelaLoja,
    recuperado,
    recuperadoEmAcordos,
    perdido,
    emAberto: valorCents - recuperado - perdido,
    liquidacoes: liquidacoes.size,
    recebidoPelaLoja,
    destino,
  };
}

const S = SITUACAO;
const ABERTAS: ReadonlySet<Situacao | null> = new Set([null, S.DISPONIVEL, S.ENVIADO_REGISTRO, S.GARANTIDO]);
const CANCELADAS: ReadonlySet<Situacao | null> = new Set([S.CANCELADO, S.CANCELADO_SR, S.ENVIADO_CANCELAMENTO, S.BAIXADO_CANCELADO]);
const RECEBIDAS_PELA_LOJA: ReadonlySet<Situacao | null> = new Set([S.ENVIADO_BAIXA, S.BAIXADO]);
const REMOVIDAS: ReadonlySet<Situacao | null> = new Set([S.ENVIADO_REMOCAO, S.BAIXADO_REMOVIDO]);

/**
 * The ledger's history of a boleto must agree with its situação (DOMAIN.md "Money ledger"). Answers
 * what disagrees, in Portuguese, or null. Used by the nightly check and the property test.
 */
export function boletoLedgerProblem(situacao: Situacao | null, p: BoletoPosition): string | null {
  const v = p.valorCents;
  if (p.recuperado + p.perdido > v) return `recuperado (${p.recuperado}) + perdas (${p.perdido}) acima do valor (${v})`;
  if (p.antecipado !== 0 && p.antecipado !== v) return `antecipação de ${p.antecipado} para um boleto de ${v}`;
  if (p.tomadoPelaLoja > p.antecipado) return 'a loja deve mais do que lhe foi antecipado';
  if (p.pagoALoja < 0 || p.pagoALoja > v) return `pago à loja (${p.pagoALoja}) fora de 0..${v}`;
  if (p.liquidacoes > 1) return `${p.liquidacoes} liquidações no razão`;
  if (situacao === S.LIQUIDADO) {
    if (p.liquidacoes !== 1) return 'LIQUIDADO sem o pagamento do banco no razão';
    if (p.emAberto !== 0) return `LIQUIDADO com ${p.emAberto} em aberto`;
    return null;
  }
  if (p.liquidacoes !== 0) return `${situacao ?? 'sem situação'} com pagamento do banco no razão`;
  if (situacao === S.QUITADO) {
    // QUITADO only ever means the guarantor paid the shop (the payout, or the collection it already made)
    if (p.pagoALoja !== v) return `QUITADO com ${p.pagoALoja} pago à loja (valor ${v})`;
    if (p.honrado === 0 && p.emAberto !== 0) return 'QUITADO sem a garantia honrada no razão';
    return null;
  }
  // removed from the bank by an acordo: the acordo may be recovering a debt the guarantor honoured (QUITADO → acordo)
  if (REMOVIDAS.has(situacao)) {
    if (p.recebidoPelaLoja !== 0) return `${situacao} com recebimento pela loja no razão`;
    return null;
  }
  if (p.honrado !== 0) return `${situacao ?? 'sem situação'} com a garantia honrada no razão`;
  if (ABERTAS.has(situacao)) {
    if (p.recebidoPelaLoja !== 0) return `${situacao ?? 'sem situação'} com recebimento pela loja no razão`;
    if (p.tomadoPelaLoja !== 0 || p.pagoALoja !== p.antecipado) return `${situacao ?? 'sem situação'} com movimento além da antecipação`;
    return null;
  }
  if (RECEBIDAS_PELA_LOJA.has(situacao)) {
    if (p.recebidoPelaLoja !== v) return `${situacao} sem o recebimento pela loja no razão`;
    if (p.tomadoPelaLoja !== p.antecipado) return `${situacao}: antecipação não cobrada da loja`;
    return null;
  }
  if (CANCELADAS.has(situacao)) {
    if (p.recebidoPelaLoja !== 0) return `${situacao} com recebimento pela loja no razão`;
    if (p.tomadoPelaLoja !== p.antecipado) return `${situacao}: antecipação não cobrada da loja`;
    return null;
  }
  return null;
}
