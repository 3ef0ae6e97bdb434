/**
 * Boleto situações and the transitions DOMAIN.md allows. The server refuses any other move; the
 * web uses the same table to decide which actions to show.
 */
export const SITUACAO = {
  DISPONIVEL: 'DISPONÍVEL PARA PAGAMENTO',
  ENVIADO_REGISTRO: 'ENVIADO PARA REGISTRO',
  GARANTIDO: 'GARANTIDO',
  ENVIADO_BAIXA: 'ENVIADO PARA BAIXA',
  ENVIADO_CANCELAMENTO: 'ENVIADO PARA CANCELAMENTO',
  ENVIADO_REMOCAO: 'ENVIADO PARA REMOÇÃO',
  BAIXADO: 'BAIXADO',
  BAIXADO_CANCELADO: 'BAIXADO (CANCELADO)',
  BAIXADO_REMOVIDO: 'BAIXADO (REMOVIDO)',
  LIQUIDADO: 'LIQUIDADO',
  QUITADO: 'QUITADO',
  CANCELADO: 'CANCELADO',
  CANCELADO_SR: 'CANCELADO SR',
} as const;
export type Situacao = (typeof SITUACAO)[keyof typeof SITUACAO];
export const ALL_SITUACOES: Situacao[] = Object.values(SITUACAO);

/** Actions on a boleto and the situações each may start from, with the resulting situação. */
export type BoletoAction =
  | 'liberar' | 'remessa' | 'confirmarEntrada' | 'liquidar' | 'baixar' | 'confirmarBaixa'
  | 'cancelar' | 'confirmarCancelamento' | 'remover' | 'confirmarRemocao' | 'marcarQuitado'
  | 'quitar' | 'cancelarNaoLiberado'
  | 'rejeitarEntrada' | 'liquidarComPedidoPendente';

const S = SITUACAO;
export const BOLETO_TRANSITIONS: Record<BoletoAction, { from: (Situacao | null)[]; to: Situacao | ((from: Situacao | null) => Situacao) }> = {
  // Libera Boleto(s): the boleto gets its nosso número and becomes payable
  liberar: { from: [null], to: S.DISPONIVEL },
  // a guarantee denied or cancelled before release
  cancelarNaoLiberado: { from: [null], to: S.CANCELADO },
  remessa: { from: [S.DISPONIVEL], to: S.ENVIADO_REGISTRO },
  confirmarEntrada: { from: [S.ENVIADO_REGISTRO], to: S.GARANTIDO },
  liquidar: { from: [S.DISPONIVEL, S.ENVIADO_REGISTRO, S.GARANTIDO, S.QUITADO], to: S.LIQUIDADO },
  // the customer paid the shop directly (admin "baixar" or the shop's "Receber")
  baixar: { from: [S.DISPONIVEL, S.ENVIADO_REGISTRO, S.GARANTIDO], to: S.ENVIADO_BAIXA },
  confirmarBaixa: { from: [S.ENVIADO_BAIXA], to: S.BAIXADO },
  cancelar: {
    from: [S.DISPONIVEL, S.ENVIADO_REGISTRO, S.GARANTIDO],
    to: (from) => (from === S.DISPONIVEL ? S.CANCELADO_SR : S.ENVIADO_CANCELAMENTO),
  },
  confirmarCancelamento: { from: [S.ENVIADO_CANCELAMENTO], to: S.BAIXADO_CANCELADO },
  // a settlement (acordo) replaced the boleto
  remover: { from: [S.DISPONIVEL, S.ENVIADO_REGISTRO, S.GARANTIDO, S.QUITADO], to: S.ENVIADO_REMOCAO },
  confirmarRemocao: { from: [S.ENVIADO_REMOCAO], to: S.BAIXADO_REMOVIDO },
  marcarQuitado: { from: [S.BAIXADO_REMOVIDO], to: S.QUITADO },
  // the guarantor honours the guarantee and pays the shop
  quitar: { from: [S.DISPONIVEL, S.ENVIADO_REGISTRO, S.GARANTIDO], to: S.QUITADO },
  // retorno "entrada rejeitada": the bank did not register the title; it is payable again and the
  // next remessa sends it once more (docs/decisions/041-cnab-remessa-retorno.md)
  rejeitarEntrada: { from: [S.ENVIADO_REGISTRO], to: S.DISPONIVEL },
  // retorno "liquidação" of a title whose write-off request had not reached the bank yet: the
  // payer paid at the bank, which is what happened (the pending request will be refused by it)
  liquidarComPedidoPendente: { from: [S.ENVIADO_BAIXA, S.ENVIADO_CANCELAMENTO, S.ENVIADO_REMOCAO], to: S.LIQUIDADO },
};

export function canApply(action: BoletoAction, from: Situacao | null): boolean {
  return BOLETO_TRANSITIONS[action].from.includes(from);
}

export function nextSituacao(action: BoletoAction, from: Situacao | null): Situacao {
  const t = BOLETO_TRANSITIONS[action];
  if (!t.from.includes(from)) throw new RangeError(`Ação ${action} não permitida a partir de ${from ?? 'sem situação'}`);
  return typeof t.to === 'function' ? t.to(from) : t.to;
}

/** Open = still expected to be paid (DOMAIN.md "Collections" defaulter definition). */
export const OPEN_SITUACOES: Situacao[] = [S.DISPONIVEL, S.ENVIADO_REGISTRO, S.GARANTIDO, S.QUITADO];

/**
 * Removed from the bank because an acordo replaced the boleto. While that acordo runs (or was paid)
 * the acordo is the debt; once it is cancelled the boleto is open debt again whatever its bank
 * situação (decision 109: cancelling an acordo no longer makes its boletos QUITADO).
 */
export const REMOVED_SITUACOES: Situacao[] = [S.ENVIADO_REMOCAO, S.BAIXADO_REMOVIDO];

/**
 * Pending (owed by the debtor, DOMAIN.md "Collections"): open, or removed by an acordo that was
 * cancelled — and in no running acordo (the caller knows the acordos; the SQL twin is
 * modules/cobranca/pendentes.ts and inadimplencia_devido, migration 0131).
 */
export function isPendente(situacao: Situacao | null, acordos: { vigente: boolean; cancelado: boolean }): boolean {
  if (acordos.vigente || situacao === null) return false;
  return OPEN_SITUACOES.includes(situacao) || (REMOVED_SITUACOES.includes(situacao) && acordos.cancelado);
}

/** Slips are printed, signed and generated only while the boleto can still be paid (DOMAIN.md "Seams"). */
export const PAYABLE_SITUACOES: Situacao[] = [S.DISPONIVEL, S.ENVIADO_REGISTRO, S.GARANTIDO];

export const GARANTIA_STATUS = {
  PENDENTE: 'PENDENTE',
  APROVADO: 'APROVADO',
  NAO_AUTORIZADO: 'NÃO AUTORIZADO',
  CANCELADO: 'CANCELADO',
} as const;
export type GarantiaStatus = (typeof GARANTIA_STATUS)[keyof typeof GARANTIA_STATUS];

/** What users see: APROVADO without released boletos reads PRÉ APROVADO (spec §4). */
export function garantiaStatusLabel<S extends string>(status: S, liberaBoleto: string): S | 'PRÉ APROVADO' {
  return status === GARANTIA_STATUS.APROVADO && liberaBoleto !== 'S' ? 'PRÉ APROVADO' : status;
}
