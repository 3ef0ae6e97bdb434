import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { addDays, formatProtocol, todayInSaoPaulo, daysBetween } from '@bg/domain';
import type { Db, Tx } from '../../db/client.js';
import { empresa, garantia, garantiaAvaliacao, garantiaRevisao, pessoa, usuario } from '../../db/schema/index.js';
import { notFound, wrongState } from '../../errors/app-error.js';
import type { JobQueue } from '../../jobs/index.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { enqueueMensagem } from '../mensagem/enqueue-mensagem.js';
import { assertAdmin, writeScope } from '../tenancy/access.js';
import { assertVisible } from '../tenancy/scope.js';
import { motivosPrincipais, revisaoDaGarantia, revisaoJson } from './avaliacao-garantia.js';

/** LGPD art. 20: the review is answered within this many days of the request (docs/credito.md). */
export const PRAZO_REVISAO_DIAS = 10;

/**
 * Puts an automatic denial in the review queue (once: a repeated request answers the review that
 * exists). Only a guarantee denied by the policy (NÃO AUTORIZADO with a NEGAR evaluation and no
 * person's decision) may be reviewed. `actor` null: asked by the person on the payer page (whose
 * right to it was checked there).
 */
export async function solicitarRevisaoTx(tx: Tx, actor: Actor | null, garantiaId: number, justificativa: string | null, origem: 'LOJA' | 'PAGADOR') {
  const [g] = await tx
    .select({ id: garantia.id, status: garantia.status, empresa_id: garantia.empresa_id, decidido_por: garantia.decidido_por, resultado: garantiaAvaliacao.resultado })
    .from(garantia)
    .leftJoin(garantiaAvaliacao, eq(garantiaAvaliacao.garantia_id, garantia.id))
    .where(eq(garantia.id, garantiaId))
    .for('update', { of: garantia });
  if (!g) throw notFound('Garantia');
  // the shop that requested (or an administrador); a franqueado reads its franchisees' records only
  if (actor) assertVisible(writeScope(actor), g.empresa_id, 'Garantia');
  if (g.status !== 'NÃO AUTORIZADO' || g.resultado !== 'NEGAR' || g.decidido_por !== null) {
    throw wrongState('Somente uma negativa automática da política de crédito pode ser revista por solicitação.');
  }
  const existente = await revisaoDaGarantia(tx, garantiaId);
  if (existente) return existente;
  const [r] = await tx
    .insert(garantiaRevisao)
    .values({ garantia_id: garantiaId, origem, solicitada_por: actor?.id ?? null, justificativa: justificativa?.trim() || null, prazo: addDays(todayInSaoPaulo(), PRAZO_REVISAO_DIAS) })
    .onConflictDoNothing()
    .returning({ id: garantiaRevisao.id });
  if (r) {
    await recordAudit(tx, actor, { action: 'credito.revisao.solicitar', entity: 'garantia', entityId: garantiaId, summary: { origem, revisao_id: r.id } });
  }
  return (await revisaoDaGarantia(tx, garantiaId))!;
}

export async function solicitarRevisao(db: Db, actor: Actor, garantiaId: number, justificativa: string | null) {
  return db.transaction((tx) => solicitarRevisaoTx(tx, actor, garantiaId, justificativa, 'LOJA'));
}

/** The reviewers' queue (administradores): pending first by deadline, with the evaluation. */
export async function listRevisoes(db: Db, actor: Actor, status: 'PENDENTE' | 'MANTIDA' | 'REVERTIDA' | 'TODAS') {
  assertAdmin(actor);
  const solicitante = alias(usuario, 'solicitante');
  const revisor = alias(usuario, 'revisor');
  const rows = await db
    .select({
      r: garantiaRevisao, solicitada_por: solicitante.name, decidida_por: revisor.name,
      digito: garantia.digito, loja: empresa.fantasia, pessoa: pessoa.nome_razao, cpf_cnpj: pessoa.cpf_cnpj,
      av: { versao: garantiaAvaliacao.versao, resultado: garantiaAvaliacao.resultado, motivos: garantiaAvaliacao.motivos },
    })
    .from(garantiaRevisao)
    .innerJoin(garantia, eq(garantia.id, garantiaRevisao.garantia_id))
    .innerJoin(empresa, eq(empresa.id, garantia.empresa_id))
    .innerJoin(pessoa, eq(pessoa.id, garantia.pessoa_id))
    .leftJoin(garantiaAvaliacao, eq(garantiaAvaliacao.garantia_id, garantia.id))
    .leftJoin(solicitante, eq(solicitante.id, garantiaRevisao.solicitada_por))
    .leftJoin(revisor, eq(revisor.id, garantiaRevisao.decidida_por))
    .where(status === 'TODAS' ? undefined : eq(garantiaRevisao.status, status))
    .orderBy(status === 'PENDENTE' ? asc(garantiaRevisao.prazo) : desc(garantiaRevisao.solicitada_em), asc(garantiaRevisao.id))
    .limit(500);
  const hoje = todayInSaoPaulo();
  return rows.map((x) => ({
    ...revisaoJson(x),
    protocolo: formatProtocol(x.r.garantia_id, x.digito),
    loja: x.loja,
    pessoa: x.pessoa,
    cpf_cnpj: x.cpf_cnpj,
    dias_restantes: daysBetween(hoje, x.r.prazo),
    avaliacao: x.av?.resultado ? { versao: x.av.versao, resultado: x.av.resultado, motivos: motivosPrincipais(x.av.resultado, x.av.motivos) } : null,
  }));
}

/**
 * The reviewer's decision (administrador), once: MANTIDA keeps the denial; REVERTIDA reopens the
 * guarantee as PENDENTE for the analysts (its boletos, cancelled with the denial, come back
 * unreleased). The reasoning is stored and the shop is told by e-mail (enqueueMensagem) — and sees
 * it on the guarantee.
 */
export async function decidirRevisao(db: Db, jobs: JobQueue, actor: Actor, id: number, decisao: 'MANTIDA' | 'REVERTIDA', fundamentacao: string) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const [r] = await tx
      .update(garantiaRevisao)
      .set({ status: decisao, decidida_por: actor.id, decidida_em: sql`now()`, fundamentacao })
      .where(and(eq(garantiaRevisao.id, id), eq(garantiaRevisao.status, 'PENDENTE')))
      .returning();
    if (!r) {
      const [cur] = await tx.select({ status: garantiaRevisao.status }).from(garantiaRevisao).where(eq(garantiaRevisao.id, id));
      if (!cur) throw notFound('Registro');
      throw wrongState(`Esta revisão já foi decidida (${cur.status === 'MANTIDA' ? 'negativa mantida' : 'negativa revertida'}). Atualize a tela.`);
    }
    const [g] = await tx
      .select({ id: garantia.id, digito: garantia.digito, empresa_id: garantia.empresa_id, email: empresa.email, fantasia: empresa.fantasia, pessoa_id: garantia.pessoa_id })
      .from(garantia).innerJoin(empresa, eq(empresa.id, garantia.empresa_id)).where(eq(garantia.id, r.garantia_id));
    if (decisao === 'REVERTIDA') {
      await tx.update(garantia).set({ status: 'PENDENTE', motivo: null, observacao: null, decidido_em: null, decidido_por: null, updated_at: sql`now()` })
        .where(and(eq(garantia.id, g.id), eq(garantia.status, 'NÃO AUTORIZADO')));
      // the boletos cancelled with the automatic denial were never released: they come back unreleased
      await tx.execute(sql`update boleto set situacao = null where garantia_id = ${g.id} and situacao = 'CANCELADO'`);
    }
    const protocolo = formatProtocol(g.id, g.digito);
    const texto = decisao === 'MANTIDA'
      ? `A revisão da negativa da garantia ${protocolo} foi concluída por um analista: a negativa foi mantida.`
      : `A revisão da negativa da garantia ${protocolo} foi concluída por um analista: a negativa foi revertida e a solicitação voltou para análise.`;
    if (g.email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(g.email.trim())) {
      await enqueueMensagem(tx, jobs, {
        channel: 'email',
        to: g.email.trim(),
        subject: `Revisão da garantia ${protocolo}: ${decisao === 'MANTIDA' ? 'negativa mantida' : 'negativa revertida'}`,
        text: `Olá, ${g.fantasia}.\n\n${texto}\n\nFundamentação do analista:\n${fundamentacao}\n\nBoleto Garantido`,
        entity: 'garantia',
        entityId: g.id,
        empresaId: g.empresa_id,
        pessoaId: g.pessoa_id,
        tipo: 'outro',
      }, actor);
    }
    await recordAudit(tx, actor, { action: 'credito.revisao.decidir', entity: 'garantia', entityId: g.id, summary: { revisao_id: id, decisao, fundamentacao } });
    return (await revisaoDaGarantia(tx, g.id))!;
  });
}
