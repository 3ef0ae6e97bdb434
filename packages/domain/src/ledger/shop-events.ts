import type { Cents } from '../money/cents.js';
import type { IsoDate } from '../dates/calendar.js';
import { conta } from './accounts.js';
import { LEDGER_KEY, LedgerError, pushLine, type LedgerDraft, type LedgerLine } from './transaction.js';

/**
 * An advance approved (DOMAIN.md "Advance"): the shop is paid total_antecipacao from the bank now;
 * prorata, taxa de antecipação and taxa básica are revenue; the face value of every boleto becomes
 * an advance to recover, one line per boleto, which its bank payment will credit.
 */
export function antecipacaoDraft(input: {
  antecipacaoId: number;
  empresaId: number;
  occurredOn: IsoDate;
  boletos: readonly { boletoId: number; valorCents: Cents }[];
  totalAntecipacaoCents: Cents;
  totalProrataCents: Cents;
  totalTaxaCents: Cents;
  taxaBasicaCents: Cents;
  usuarioId?: number | null;
}): LedgerDraft {
  const lines: LedgerLine[] = [];
  for (const b of input.boletos) pushLine(lines, conta.daEmpresa('antecipacao_a_recuperar', input.empresaId), 'debit', b.valorCents, b.boletoId);
  const e = input.empresaId;
  pushLine(lines, conta.geral('banco'), 'credit', input.totalAntecipacaoCents);
  pushLine(lines, conta.daEmpresa('receita_antecipacao_prorata', e), 'credit', input.totalProrataCents);
  pushLine(lines, conta.daEmpresa('receita_antecipacao_taxa', e), 'credit', input.totalTaxaCents);
  pushLine(lines, conta.daEmpresa('receita_antecipacao_taxa_basica', e), 'credit', input.taxaBasicaCents);
  return {
    idempotencyKey: LEDGER_KEY.antecipacao(input.antecipacaoId),
    kind: 'antecipacao',
    occurredOn: input.occurredOn,
    description: `Antecipação nº ${input.antecipacaoId} aprovada (${input.boletos.length} boleto(s))`,
    refs: { antecipacaoId: input.antecipacaoId, empresaId: e, usuarioId: input.usuarioId ?? null },
    lines,
  };
}

/** A service charged to the shop: a consulta (× valor_consulta) or the month's mensalidade. Null when free. */
export function servicoDraft(
  input:
    | { kind: 'consulta'; consultaId: number; empresaId: number; valorCents: Cents; occurredOn: IsoDate; documento?: string }
    | { kind: 'mensalidade'; empresaId: number; mes: string; valorCents: Cents; occurredOn: IsoDate },
): LedgerDraft | null {
  if (input.valorCents <= 0) return null;
  const e = input.empresaId;
  const receita = input.kind === 'consulta' ? 'receita_consulta' : 'receita_mensalidade';
  return {
    idempotencyKey: input.kind === 'consulta' ? LEDGER_KEY.consulta(input.consultaId) : LEDGER_KEY.mensalidade(e, input.mes),
    kind: input.kind,
    occurredOn: input.occurredOn,
    description: input.kind === 'consulta' ? `Consulta de documento nº ${input.consultaId}` : `Mensalidade de ${input.mes.slice(5, 7)}/${input.mes.slice(0, 4)}`,
    refs: { empresaId: e, consultaId: input.kind === 'consulta' ? input.consultaId : null },
    lines: [
      { account: conta.daEmpresa('loja_a_receber', e), side: 'debit', amountCents: input.valorCents },
      { account: conta.daEmpresa(receita, e), side: 'credit', amountCents: input.valorCents },
    ],
  };
}

/** How a repasse settles the shop's balances. */
export type RepassePlan = { valorCents: Cents; compensadoCents: Cents; aPagarCents: Cents; aReceberCents: Cents; maximoCents: Cents };

/**
 * A repasse pays the shop what it is owed: first what the shop owes the guarantor (services,
 * advances it took back) is netted from what the guarantor owes it, then the amount transferred
 * leaves the bank. The amount may be anything from a centavo up to the net owed.
 */
export function planRepasse(aPagarCents: Cents, aReceberCents: Cents, valorCents: Cents): RepassePlan {
  const compensadoCents = Math.max(0, Math.min(aPagarCents, aReceberCents));
  const maximoCents = Math.max(0, aPagarCents - compensadoCents);
  return { valorCents, compensadoCents, aPagarCents, aReceberCents, maximoCents };
}

export function repasseDraft(input: { repasseId: number; empresaId: number; occurredOn: IsoDate; plan: RepassePlan; referencia?: string | null; usuarioId?: number | null }): LedgerDraft {
  const { plan } = input;
  if (plan.valorCents <= 0) throw new LedgerError('O valor do repasse deve ser maior que zero.');
  if (plan.valorCents > plan.maximoCents) throw new LedgerError('O valor do repasse é maior do que o devido à loja.');
  const e = input.empresaId;
  const lines: LedgerLine[] = [];
  pushLine(lines, conta.daEmpresa('loja_a_pagar', e), 'debit', plan.valorCents + plan.compensadoCents);
  pushLine(lines, conta.daEmpresa('loja_a_receber', e), 'credit', plan.compensadoCents);
  pushLine(lines, conta.geral('banco'), 'credit', plan.valorCents);
  return {
    idempotencyKey: LEDGER_KEY.repasse(input.repasseId),
    kind: 'repasse',
    occurredOn: input.occurredOn,
    description: `Repasse nº ${input.repasseId}${input.referencia ? ` (${input.referencia})` : ''}`.slice(0, 300),
    refs: { repasseId: input.repasseId, empresaId: e, usuarioId: input.usuarioId ?? null },
    lines,
  };
}
