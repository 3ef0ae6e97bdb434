/**
 * The chart of accounts of the guarantor's ledger (docs/decisions/109-money-ledger.md,
 * docs/financeiro.md "Razão"). The ledger keeps the guarantor's own books: the bank account it
 * collects into and pays from, what it owes each shop and what each shop owes it, the advances and
 * the debts it is recovering, its revenue and expenses by kind. Every account is one of these codes
 * for one owner — a shop (empresa), a debtor (pessoa) or nobody (the company itself) — and is
 * created the first time a posting names it.
 *
 * TigerBeetle's account flags are kept as `limit`: an account flagged `debitsMustNotExceedCredits`
 * can never show more debits than credits (what the guarantor owes a shop cannot go below zero), and
 * `creditsMustNotExceedDebits` the reverse (a debt cannot be recovered twice). The database refuses
 * a posting that would break one.
 */
export type LedgerAccountKind = 'asset' | 'liability' | 'revenue' | 'expense' | 'clearing' | 'memo';
export type LedgerSide = 'debit' | 'credit';
export type LedgerOwner = 'empresa' | 'pessoa' | 'none';
export type LedgerLimit = 'none' | 'debitsMustNotExceedCredits' | 'creditsMustNotExceedDebits';

export type LedgerAccountSpec = {
  kind: LedgerAccountKind;
  owner: LedgerOwner;
  normalSide: LedgerSide;
  limit: LedgerLimit;
  /** How screens and statements name it (with the owner's name beside it). */
  nome: string;
};

const spec = (kind: LedgerAccountKind, owner: LedgerOwner, normalSide: LedgerSide, limit: LedgerLimit, nome: string): LedgerAccountSpec => ({
  kind,
  owner,
  normalSide,
  limit,
  nome,
});

export const LEDGER_ACCOUNTS = {
  /** The bank account the boletos are collected into (conta de cobrança) and repasses and advances are paid from: its expected balance. */
  banco: spec('asset', 'none', 'debit', 'none', 'Banco (conta de cobrança)'),
  /** What the guarantor owes the shop: boletos collected for it, guarantees honoured; paid by repasses. */
  loja_a_pagar: spec('liability', 'empresa', 'credit', 'debitsMustNotExceedCredits', 'A pagar à loja'),
  /** What the shop owes the guarantor: services charged (consultas, mensalidade), advanced boletos it collected itself; netted from its next repasse. */
  loja_a_receber: spec('asset', 'empresa', 'debit', 'creditsMustNotExceedDebits', 'A receber da loja'),
  /** Advances paid to the shop and not yet recovered: the face value of the advanced boletos until the bank pays them. */
  antecipacao_a_recuperar: spec('asset', 'empresa', 'debit', 'creditsMustNotExceedDebits', 'Antecipações a recuperar'),
  /** What a debtor owes the guarantor after it honoured his boletos (quitar): the debt being recovered. */
  devedor_a_recuperar: spec('asset', 'pessoa', 'debit', 'creditsMustNotExceedDebits', 'Dívida em recuperação'),
  /** Transit of what the bank paid for the shop's boletos: credited with the amount paid, debited by where it went (always zero). Its monthly credits are "Recebido Premium". */
  cobranca_liquidada: spec('clearing', 'empresa', 'credit', 'none', 'Cobrança liquidada no banco'),
  /** Money the bank credited that no boleto takes: boletos avulsos, a liquidação of a boleto already settled otherwise. */
  creditos_a_classificar: spec('liability', 'none', 'credit', 'none', 'Créditos no banco a classificar'),
  receita_consulta: spec('revenue', 'empresa', 'credit', 'none', 'Receita de consultas'),
  receita_mensalidade: spec('revenue', 'empresa', 'credit', 'none', 'Receita de mensalidade'),
  receita_antecipacao_prorata: spec('revenue', 'empresa', 'credit', 'none', 'Receita de antecipação: prorata'),
  receita_antecipacao_taxa: spec('revenue', 'empresa', 'credit', 'none', 'Receita de antecipação: taxa de antecipação'),
  receita_antecipacao_taxa_basica: spec('revenue', 'empresa', 'credit', 'none', 'Receita de antecipação: taxa básica'),
  /** Juros and multa the bank paid above the boleto's value (encargos). */
  receita_encargos: spec('revenue', 'empresa', 'credit', 'none', 'Receita de encargos (juros e multa recebidos)'),
  /** What acordos collect beyond the principal of their boletos (multa, juros and taxa less the discount). */
  receita_acordo: spec('revenue', 'none', 'credit', 'none', 'Receita de acordos (encargos de cobrança)'),
  despesa_tarifa: spec('expense', 'empresa', 'debit', 'none', 'Tarifas bancárias'),
  /** The fees of the guarantor's own slips (boletos avulsos without a shop). */
  despesa_tarifa_geral: spec('expense', 'none', 'debit', 'none', 'Tarifas bancárias da garantidora'),
  /** A boleto the bank settled for less than its value: the guarantor still pays the shop the whole value. */
  despesa_desconto: spec('expense', 'empresa', 'debit', 'none', 'Pagamentos a menor no banco'),
  /** A debt written off as loss. */
  despesa_perda: spec('expense', 'empresa', 'debit', 'none', 'Perdas com inadimplência'),
  /** Memo (off-balance): boletos the customer paid to the shop directly (Receber/baixa). Its monthly debits are "Recebido Estab". */
  memo_recebido_loja: spec('memo', 'empresa', 'debit', 'none', 'Recebido diretamente pela loja (memória)'),
  memo_contrapartida: spec('memo', 'none', 'credit', 'none', 'Contrapartida das contas de memória'),
} as const satisfies Record<string, LedgerAccountSpec>;

export type LedgerAccountCode = keyof typeof LEDGER_ACCOUNTS;
export const LEDGER_ACCOUNT_CODES = Object.keys(LEDGER_ACCOUNTS) as LedgerAccountCode[];

/** An account by code and owner, as postings name it. */
export type LedgerAccountRef = { code: LedgerAccountCode; empresaId?: number | null; pessoaId?: number | null };

/** Shortcuts that say whose account it is. */
export const conta = {
  daEmpresa: (code: LedgerAccountCode, empresaId: number): LedgerAccountRef => ({ code, empresaId }),
  daPessoa: (code: LedgerAccountCode, pessoaId: number): LedgerAccountRef => ({ code, pessoaId }),
  geral: (code: LedgerAccountCode): LedgerAccountRef => ({ code }),
};

/** The one text that identifies an account (ledger_account.key): `loja_a_pagar:e12`, `devedor_a_recuperar:p7`, `banco`. */
export function ledgerAccountKey(ref: LedgerAccountRef): string {
  const s = LEDGER_ACCOUNTS[ref.code];
  if (!s) throw new RangeError(`Conta contábil desconhecida: ${String(ref.code)}`);
  const empresa = ref.empresaId ?? null;
  const pessoa = ref.pessoaId ?? null;
  if (s.owner === 'empresa') {
    if (!Number.isSafeInteger(empresa) || pessoa !== null) throw new RangeError(`A conta ${ref.code} é de uma empresa.`);
    return `${ref.code}:e${empresa}`;
  }
  if (s.owner === 'pessoa') {
    if (!Number.isSafeInteger(pessoa) || empresa !== null) throw new RangeError(`A conta ${ref.code} é de uma pessoa.`);
    return `${ref.code}:p${pessoa}`;
  }
  if (empresa !== null || pessoa !== null) throw new RangeError(`A conta ${ref.code} não tem dono.`);
  return ref.code;
}

/**
 * The balance of an account on its normal side: for a debit-normal account debits − credits, for a
 * credit-normal one credits − debits. Positive means "as the account's name says" (a pagar > 0: the
 * guarantor owes the shop).
 */
export function normalBalance(code: LedgerAccountCode, debitsCents: number, creditsCents: number): number {
  return LEDGER_ACCOUNTS[code].normalSide === 'debit' ? debitsCents - creditsCents : creditsCents - debitsCents;
}
