import type { Cents } from '../money/cents.js';
import type { IsoDate } from '../dates/calendar.js';
import { conta, type LedgerAccountRef } from './accounts.js';
import type { BoletoPosition } from './boleto-position.js';
import { LEDGER_KEY, LedgerError, pushLine, type LedgerDraft, type LedgerLine } from './transaction.js';

/** What the rules need to know about one boleto: its owners and where it stands in the ledger. */
export type BoletoLedgerContext = {
  boletoId: number;
  /** protocolo-parcela as screens show it, for descriptions ("Boleto 123-4/2"). */
  rotulo: string;
  empresaId: number;
  pessoaId: number;
  position: BoletoPosition;
  usuarioId?: number | null;
};

const refs = (b: BoletoLedgerContext) => ({ boletoId: b.boletoId, empresaId: b.empresaId, pessoaId: b.pessoaId, usuarioId: b.usuarioId ?? null });

/** The account the payer's next money for this boleto goes to (BoletoPosition.destino). */
export function destinoDoBoleto(b: BoletoLedgerContext): LedgerAccountRef {
  const d = b.position.destino;
  return d === 'devedor_a_recuperar' ? conta.daPessoa(d, b.pessoaId) : conta.daEmpresa(d, b.empresaId);
}

/** What the bank paid for one title (the retorno line, or the boleto's value when there is none). */
export type BankPayment = {
  paidCents: Cents;
  feeCents: Cents;
  /** data de crédito, else data de ocorrência, else the day it was recorded */
  occurredOn: IsoDate;
  retornoItemId?: number | null;
};

/**
 * The bank paid a boleto (retorno "liquidação"). The amount paid enters the bank through the shop's
 * transit account, whose credits are what the bank paid for the shop's boletos; from there the
 * principal still open goes to whoever is owed it (the shop, the advance, or the debtor's debt when
 * the guarantee was honoured), anything above it is revenue (encargos: juros and multa), anything
 * below it an expense of the guarantor (the shop is owed the whole value: it is guaranteed). The
 * bank's fee is an expense paid from the bank account.
 */
export function liquidacaoDraft(b: BoletoLedgerContext, pay: BankPayment): LedgerDraft | null {
  if (!Number.isSafeInteger(pay.paidCents) || pay.paidCents < 0 || !Number.isSafeInteger(pay.feeCents) || pay.feeCents < 0) {
    throw new LedgerError('Valores do pagamento inválidos.');
  }
  const lines: LedgerLine[] = [];
  const id = b.boletoId;
  const transito = conta.daEmpresa('cobranca_liquidada', b.empresaId);
  const principal = Math.max(0, b.position.emAberto);
  pushLine(lines, conta.geral('banco'), 'debit', pay.paidCents, id);
  pushLine(lines, transito, 'credit', pay.paidCents, id);
  pushLine(lines, transito, 'debit', pay.paidCents, id);
  pushLine(lines, destinoDoBoleto(b), 'credit', principal, id);
  if (pay.paidCents >= principal) pushLine(lines, conta.daEmpresa('receita_encargos', b.empresaId), 'credit', pay.paidCents - principal, id);
  else pushLine(lines, conta.daEmpresa('despesa_desconto', b.empresaId), 'debit', principal - pay.paidCents, id);
  pushLine(lines, conta.daEmpresa('despesa_tarifa', b.empresaId), 'debit', pay.feeCents, id);
  pushLine(lines, conta.geral('banco'), 'credit', pay.feeCents, id);
  // nothing paid and nothing open: there is no money to post (the nightly check lists such a boleto)
  if (lines.length < 2) return null;
  return {
    idempotencyKey: pay.retornoItemId ? LEDGER_KEY.retornoItem(pay.retornoItemId) : LEDGER_KEY.liquidacao(id),
    kind: 'liquidacao',
    occurredOn: pay.occurredOn,
    description: `Boleto ${b.rotulo} pago no banco`,
    refs: { ...refs(b), retornoItemId: pay.retornoItemId ?? null },
    lines,
  };
}

/** The fee of a shop's slip is the shop's expense line; the guarantor's own slips have one account. */
const tarifaAccount = (empresaId: number | null | undefined): LedgerAccountRef => (empresaId ? conta.daEmpresa('despesa_tarifa', empresaId) : conta.geral('despesa_tarifa_geral'));

/** A retorno line that moves no boleto but carries a bank fee (entrada confirmada, tarifa…). */
export function tarifaDraft(input: { retornoItemId: number; empresaId: number | null; boletoId?: number | null; boletoAvulsoId?: number | null; feeCents: Cents; occurredOn: IsoDate; rotulo: string }): LedgerDraft | null {
  if (input.feeCents <= 0) return null;
  const despesa = tarifaAccount(input.empresaId);
  return {
    idempotencyKey: LEDGER_KEY.retornoItem(input.retornoItemId),
    kind: 'tarifa',
    occurredOn: input.occurredOn,
    description: `Tarifa bancária: ${input.rotulo}`,
    refs: { retornoItemId: input.retornoItemId, boletoId: input.boletoId ?? null, boletoAvulsoId: input.boletoAvulsoId ?? null, empresaId: input.empresaId },
    lines: [
      { account: despesa, side: 'debit', amountCents: input.feeCents, boletoId: input.boletoId ?? null },
      { account: conta.geral('banco'), side: 'credit', amountCents: input.feeCents, boletoId: input.boletoId ?? null },
    ],
  };
}

/**
 * Money the bank credited that no boleto takes — a boleto avulso paid, or a liquidação of a boleto
 * already settled otherwise (the retorno lists it as "verifique o crédito") — enters the bank against
 * "créditos a classificar", so the bank account stays what the bank holds; the line's fee as well.
 */
export function creditoAClassificarDraft(input: { retornoItemId: number; empresaId: number | null; boletoId?: number | null; boletoAvulsoId?: number | null; paidCents: Cents; feeCents: Cents; occurredOn: IsoDate; rotulo: string }): LedgerDraft | null {
  const lines: LedgerLine[] = [];
  const boletoId = input.boletoId ?? null;
  pushLine(lines, conta.geral('banco'), 'debit', input.paidCents, boletoId);
  pushLine(lines, conta.geral('creditos_a_classificar'), 'credit', input.paidCents, boletoId);
  pushLine(lines, tarifaAccount(input.empresaId), 'debit', input.feeCents, boletoId);
  pushLine(lines, conta.geral('banco'), 'credit', input.feeCents, boletoId);
  if (!lines.length) return null;
  return {
    idempotencyKey: LEDGER_KEY.retornoItem(input.retornoItemId),
    kind: 'credito_a_classificar',
    occurredOn: input.occurredOn,
    description: `Crédito no banco a classificar: ${input.rotulo}`,
    refs: { boletoId, boletoAvulsoId: input.boletoAvulsoId ?? null, retornoItemId: input.retornoItemId, empresaId: input.empresaId },
    lines,
  };
}

/**
 * The customer paid the shop directly (Receber / baixa): the guarantor moves no money — the memo
 * account records it for the reports ("Recebido Estab") — but when the boleto was advanced, the
 * advance paid for it becomes a debt of the shop (netted from its next repasse).
 */
export function recebidoLojaDraft(b: BoletoLedgerContext, occurredOn: IsoDate): LedgerDraft {
  const lines: LedgerLine[] = [];
  const id = b.boletoId;
  pushLine(lines, conta.daEmpresa('memo_recebido_loja', b.empresaId), 'debit', b.position.valorCents, id);
  pushLine(lines, conta.geral('memo_contrapartida'), 'credit', b.position.valorCents, id);
  lines.push(...advanceBackToShop(b));
  return {
    idempotencyKey: LEDGER_KEY.recebidoLoja(id),
    kind: 'recebido_loja',
    occurredOn,
    description: b.position.destino === 'antecipacao_a_recuperar' ? `Boleto ${b.rotulo} recebido pela loja: antecipação a devolver` : `Boleto ${b.rotulo} recebido pela loja`,
    refs: refs(b),
    lines,
  };
}

/** An advanced boleto cancelled: the advance paid for it becomes a debt of the shop. Null when not advanced. */
export function cancelamentoAntecipadoDraft(b: BoletoLedgerContext, occurredOn: IsoDate): LedgerDraft | null {
  const lines = advanceBackToShop(b);
  if (!lines.length) return null;
  return {
    idempotencyKey: LEDGER_KEY.cancelamento(b.boletoId),
    kind: 'cancelamento_antecipado',
    occurredOn,
    description: `Boleto antecipado ${b.rotulo} cancelado: antecipação a devolver`,
    refs: refs(b),
    lines,
  };
}

function advanceBackToShop(b: BoletoLedgerContext): LedgerLine[] {
  const lines: LedgerLine[] = [];
  if (b.position.destino !== 'antecipacao_a_recuperar') return lines;
  const open = b.position.antecipado - b.position.tomadoPelaLoja - b.position.recuperado;
  pushLine(lines, conta.daEmpresa('loja_a_receber', b.empresaId), 'debit', Math.max(0, open), b.boletoId);
  pushLine(lines, conta.daEmpresa('antecipacao_a_recuperar', b.empresaId), 'credit', Math.max(0, open), b.boletoId);
  return lines;
}

/**
 * The guarantor honours the guarantee (quitar, or "Marcar como quitado"): the shop is paid what it
 * has not yet received for the boleto and the debtor now owes it to the guarantor. For an advanced
 * boleto the advance already paid the shop: the debt only moves from the advance to recovery.
 * Null when nothing is open (an acordo already collected the whole value for the shop).
 */
export function honraDraft(b: BoletoLedgerContext, occurredOn: IsoDate): LedgerDraft | null {
  if (b.position.destino === 'devedor_a_recuperar') throw new LedgerError(`A garantia do boleto ${b.rotulo} já foi honrada.`);
  const open = Math.max(0, b.position.emAberto);
  if (open === 0) return null;
  const advanced = b.position.destino === 'antecipacao_a_recuperar';
  return {
    idempotencyKey: LEDGER_KEY.honra(b.boletoId),
    kind: 'honra',
    occurredOn,
    description: advanced ? `Boleto antecipado ${b.rotulo} quitado: dívida em recuperação` : `Boleto ${b.rotulo} quitado à loja: dívida em recuperação`,
    refs: refs(b),
    lines: [
      { account: conta.daPessoa('devedor_a_recuperar', b.pessoaId), side: 'debit', amountCents: open, boletoId: b.boletoId },
      { account: destinoDoBoleto(b), side: 'credit', amountCents: open, boletoId: b.boletoId },
    ],
  };
}

/** A debt written off as loss: what is still open of an honoured boleto leaves the debtor's account. */
export function perdaDraft(b: BoletoLedgerContext, occurredOn: IsoDate, motivo: string): LedgerDraft {
  if (b.position.destino !== 'devedor_a_recuperar') throw new LedgerError('Só a dívida de um boleto quitado pela garantidora pode ser lançada como perda.');
  const open = b.position.emAberto;
  if (open <= 0) throw new LedgerError(`O boleto ${b.rotulo} não tem dívida em aberto.`);
  return {
    idempotencyKey: LEDGER_KEY.perda(b.boletoId),
    kind: 'perda',
    occurredOn,
    description: `Dívida do boleto ${b.rotulo} lançada como perda: ${motivo}`.slice(0, 300),
    refs: refs(b),
    lines: [
      { account: conta.daEmpresa('despesa_perda', b.empresaId), side: 'debit', amountCents: open, boletoId: b.boletoId },
      { account: conta.daPessoa('devedor_a_recuperar', b.pessoaId), side: 'credit', amountCents: open, boletoId: b.boletoId },
    ],
  };
}
