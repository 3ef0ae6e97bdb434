import { and, asc, eq, isNull } from 'drizzle-orm';
import { formatProtocol, PAGADOR_MSG } from '@bg/domain';
import { empresa, garantia, garantiaAvaliacao, garantiaRevisao } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors/app-error.js';
import { admitPublicCall, recordPublicFailure, type PublicClient } from '../assinatura/public-access.js';
import type { PagadorDeps } from '../pagador/identificar-pagador.js';
import { pessoaDaSessao } from '../pagador/sessao-pagador.js';
import { motivosPrincipais } from './avaliacao-garantia.js';
import { solicitarRevisaoTx } from './revisoes.js';

async function sessaoValida(deps: PagadorDeps, sessao: string, client: PublicClient) {
  const now = deps.now?.() ?? new Date();
  await admitPublicCall(deps.db, client, now.getTime());
  const s = pessoaDaSessao(deps.links, sessao);
  if (!s) {
    await recordPublicFailure(deps.db, client, now.getTime());
    throw new AppError('NOT_FOUND', PAGADOR_MSG.sessaoExpirada);
  }
  return s;
}

/**
 * The payer page's view of the person's automatic denials (LGPD art. 20): the main criteria in
 * plain Portuguese and the review, if asked. Only denials the policy took and no person overruled.
 */
export async function negativasDoPagador(deps: PagadorDeps, sessao: string, client: PublicClient) {
  const s = await sessaoValida(deps, sessao, client);
  const rows = await deps.db
    .select({ id: garantia.id, digito: garantia.digito, data: garantia.data, loja: empresa.fantasia, resultado: garantiaAvaliacao.resultado, motivos: garantiaAvaliacao.motivos, revisao: garantiaRevisao })
    .from(garantia)
    .innerJoin(garantiaAvaliacao, eq(garantiaAvaliacao.garantia_id, garantia.id))
    .innerJoin(empresa, eq(empresa.id, garantia.empresa_id))
    .leftJoin(garantiaRevisao, eq(garantiaRevisao.garantia_id, garantia.id))
    .where(and(eq(garantia.pessoa_id, s.pessoaId), eq(garantiaAvaliacao.resultado, 'NEGAR'), isNull(garantia.decidido_por)))
    .orderBy(asc(garantia.data));
  return rows.map((r) => ({
    garantia_id: r.id,
    protocolo: formatProtocol(r.id, r.digito),
    data: r.data,
    loja: r.loja,
    motivos: motivosPrincipais(r.resultado, r.motivos).map((m) => m.texto),
    revisao: r.revisao ? { status: r.revisao.status, prazo: r.revisao.prazo, fundamentacao: r.revisao.fundamentacao } : null,
  }));
}

/** The person asks, from the payer page, for the review of one of its own automatic denials. */
export async function solicitarRevisaoPagador(deps: PagadorDeps, input: { sessao: string; garantia_id: number; justificativa?: string }, client: PublicClient) {
  const s = await sessaoValida(deps, input.sessao, client);
  return deps.db.transaction(async (tx) => {
    const [g] = await tx.select({ pessoa_id: garantia.pessoa_id }).from(garantia).where(eq(garantia.id, input.garantia_id));
    // another person's guarantee is answered as missing
    if (!g || g.pessoa_id !== s.pessoaId) throw notFound('Garantia');
    const r = await solicitarRevisaoTx(tx, null, input.garantia_id, input.justificativa ?? null, 'PAGADOR');
    return { prazo: r.prazo };
  });
}
