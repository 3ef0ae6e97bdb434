import { canApply, type Situacao } from '@bg/domain';
import type { BankSettlement, BankTituloEstado } from '../../adapters/bank/bank-adapter.js';
import type { BancoRegistroEstado, DivergenciaTipo } from '../../db/schema/index.js';

/** Our side of one title: its registration at the bank and the boleto's situação. */
export type NossoTitulo = {
  boleto_id: number;
  numero_banco: string;
  estado: BancoRegistroEstado;
  enviado_em: Date | null;
  situacao: Situacao | null;
  nosso_numero: string;
  valor_cents: number;
};

/** What the bank says of it (null where it is used: the bank does not know the title). */
export type TituloNoBanco = { estado: BankTituloEstado; pagamento: BankSettlement | null };

export type Verdict =
  | { kind: 'ok' }
  | { kind: 'aplicar'; pagamento: BankSettlement }
  | { kind: 'divergencia'; tipo: DivergenciaTipo; motivo: string };

const OK: Verdict = { kind: 'ok' };

/**
 * The reconciliation's rule for one title (docs/banks.md "Conciliação"), pure: ours against the
 * bank's. A payment the bank settled for a boleto still open here is applied (the caller goes
 * through applySettlement, and records PAGAMENTO_NAO_APLICADO when the situação refuses it); the
 * rest is either in agreement or a finding.
 */
export function judgeTitle(nosso: NossoTitulo | null, noBanco: TituloNoBanco | null, ctx: { recentSince: Date; openRegistered: Situacao[] }): Verdict {
  if (!noBanco) {
    if (nosso && nosso.estado === 'REGISTRADO' && nosso.situacao && ctx.openRegistered.includes(nosso.situacao)) {
      return { kind: 'divergencia', tipo: 'DESCONHECIDO_NO_BANCO', motivo: 'O banco não encontra o título que registrou.' };
    }
    return OK;
  }
  if (!nosso) return { kind: 'divergencia', tipo: 'NAO_ENCONTRADO_AQUI', motivo: 'O banco tem um título desta conta que não é de nenhum boleto daqui.' };
  if (noBanco.estado === 'LIQUIDADO') {
    if (nosso.situacao === 'LIQUIDADO' || !noBanco.pagamento) return OK;
    if (isPayable(nosso.situacao)) return { kind: 'aplicar', pagamento: noBanco.pagamento };
    return { kind: 'divergencia', tipo: 'PAGAMENTO_NAO_APLICADO', motivo: `O boleto está ${nosso.situacao ?? 'sem situação'}: a liquidação não pode ser aplicada a ele.` };
  }
  if (noBanco.estado === 'BAIXADO') {
    if (nosso.situacao && ctx.openRegistered.includes(nosso.situacao)) return { kind: 'divergencia', tipo: 'BAIXA_NAO_APLICADA', motivo: 'O banco baixou o título; aqui ele continua em aberto.' };
    return OK;
  }
  // the bank holds it (registered, or in a state of its own): is our registration still waiting?
  const waiting = nosso.estado === 'PENDENTE' || nosso.estado === 'REJEITADO' || (nosso.estado === 'ENVIANDO' && (nosso.enviado_em === null || nosso.enviado_em < ctx.recentSince));
  if (waiting) return { kind: 'divergencia', tipo: 'REGISTRO_NAO_CONFIRMADO', motivo: 'O banco registrou o título; aqui o registro não foi confirmado.' };
  return OK;
}

/** The situações a liquidação applies to (the state machine's liquidar, or liquidarComPedidoPendente). */
export function isPayable(situacao: Situacao | null): boolean {
  return canApply('liquidar', situacao) || canApply('liquidarComPedidoPendente', situacao);
}
