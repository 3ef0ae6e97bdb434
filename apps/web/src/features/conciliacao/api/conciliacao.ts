import { bancoContracts as c, boletoContracts, DIVERGENCIA_ACOES, type ContractResult } from '@bg/domain';
import { call } from '../../../lib/api-contract';

/** A difference between our boletos and the bank's list (one row of Conciliação). */
export type Divergencia = ContractResult<typeof c.getConciliacao>['data'][number];
export type DivergenciaAcao = (typeof DIVERGENCIA_ACOES)[number];
export type DivergenciaEstado = 'ABERTA' | 'RESOLVIDA';
export type ContaResumo = ContractResult<typeof c.getAllContas>['data'][number];

export const listDivergencias = ({ page, estado }: { page: number; estado: DivergenciaEstado }) => call(c.getConciliacao, { query: { page, estado } });

/** One click: apply the payment, mark registered, send the registration again, or discard. */
export const resolverDivergencia = (id: number, acao: DivergenciaAcao) => call(c.resolverDivergencia, { params: { id }, body: { acao } });

/** "Conciliar agora": the daily job, on demand; answers the job to follow. */
export const executarConciliacao = () => call(c.executarConciliacao);

/** The contas, to name each row's conta (bank, agência, beneficiário). */
export const listContas = () => call(c.getAllContas).then((r) => r.data);

/** The boleto a finding names, for the link to its guarantee. */
export const getBoletoResumo = (boletoId: number) =>
  call(boletoContracts.getById, { params: { id: boletoId } }).then(({ data }) => ({ garantia_id: data.garantia_id, garantia_digito: data.garantia_digito, parcela: data.parcela }));

/** What one run of the job reports per conta (apps/api modules/banco/conciliar.ts ConciliacaoResult). */
type ContaRun = { pagamentos_aplicados?: number; novas?: number; resolvidas?: number; erro?: string | null };

/** The sentence shown when a run ends, from its result (anything unexpected reads as a plain "concluída"). */
export function conciliacaoResumo(result: unknown): string {
  const contas = (result as { contas?: unknown } | null)?.contas;
  if (!Array.isArray(contas)) return 'Conciliação concluída.';
  const runs = contas as ContaRun[];
  const soma = (k: 'pagamentos_aplicados' | 'novas' | 'resolvidas') => runs.reduce((n, r) => n + (typeof r[k] === 'number' ? (r[k] as number) : 0), 0);
  const erros = runs.map((r) => r.erro).filter((e): e is string => typeof e === 'string' && e.length > 0);
  const texto = `Conciliação concluída: ${runs.length} conta(s) por API, ${soma('pagamentos_aplicados')} pagamento(s) aplicado(s), ${soma('novas')} diferença(s) nova(s), ${soma('resolvidas')} resolvida(s).`;
  return erros.length ? `${texto} Erros: ${erros.join('; ')}` : texto;
}
