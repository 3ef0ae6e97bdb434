import { and, eq, ne, sql } from 'drizzle-orm';
import { ANTECIPACAO_MSG, ANTECIPACAO_SITUACAO, SITUACAO, type AntecipacaoSituacao } from '@bg/domain';
import type { DbOrTx, Tx } from '../../db/client.js';
import { antecipacao, antecipacaoBoleto, boleto } from '../../db/schema/index.js';
import { AppError, notFound, wrongState } from '../../errors/app-error.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Actor } from '../../shared/actor.js';
import { ADMIN_ONLY, assertAdmin } from '../tenancy/access.js';

type Decision = { to: Exclude<AntecipacaoSituacao, 'EM ANÁLISE'>; action: string; before?: (tx: Tx, id: number) => Promise<void>; after?: (tx: Tx, id: number) => Promise<void> };

/**
 * The shared frame of aprovar/negar (spec §4 Advance: EM ANÁLISE → APROVADA or NEGADA, by nivel 2
 * only, irreversible). One transaction: the advance row is locked, its state checked, the UPDATE
 * only matches while it is still EM ANÁLISE (two admins at once: one wins, the other gets 409),
 * then the decision's own step and the audit record.
 */
export async function decideAntecipacao(db: DbOrTx, actor: Actor, id: number, decision: Decision) {
  assertAdmin(actor, ADMIN_ONLY);
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ situacao: antecipacao.situacao, empresa_id: antecipacao.empresa_id }).from(antecipacao).where(eq(antecipacao.id, id)).for('update');
    if (!current) throw notFound('Antecipação');
    if (current.situacao !== ANTECIPACAO_SITUACAO.EM_ANALISE) throw wrongState(ANTECIPACAO_MSG.jaDecidida(current.situacao));
    await decision.before?.(tx, id);
    const updated = await tx
      .update(antecipacao)
      .set({ situacao: decision.to, decidido_por: actor.id, decidido_em: sql`now()`, updated_at: sql`now()` })
      .where(and(eq(antecipacao.id, id), eq(antecipacao.situacao, ANTECIPACAO_SITUACAO.EM_ANALISE)))
      .returning({ id: antecipacao.id, situacao: antecipacao.situacao });
    if (!updated.length) throw wrongState('A antecipação foi alterada por outra operação. Atualize a tela.');
    await decision.after?.(tx, id);
    await recordAudit(tx, actor, { action: decision.action, entity: 'antecipacao', entityId: id, summary: { de: current.situacao, para: decision.to, empresa_id: current.empresa_id } });
    return updated[0];
  });
}

/**
 * Approval pays the shop for receivables that must still be open: a boleto of the advance that
 * left GARANTIDO meanwhile (paid to the shop, liquidated, cancelled) blocks it. The boletos are
 * share-locked, so none changes between this check and the commit.
 */
export async function assertBoletosStillGarantidos(tx: Tx, id: number): Promise<void> {
  const moved = await tx
    .select({ id: boleto.id })
    .from(antecipacaoBoleto)
    .innerJoin(boleto, eq(boleto.id, antecipacaoBoleto.boleto_id))
    .where(and(eq(antecipacaoBoleto.antecipacao_id, id), sql`${boleto.situacao} is distinct from ${SITUACAO.GARANTIDO}`))
    .for('share', { of: boleto });
  if (moved.length) throw new AppError('WRONG_STATE', ANTECIPACAO_MSG.boletoSaiu, { extra: { boletos: moved.map((b) => b.id) } });
}

/** A denied advance releases its boletos: they may join a new advance. */
export async function releaseBoletos(tx: Tx, id: number): Promise<void> {
  await tx.update(antecipacaoBoleto).set({ ativo: false }).where(and(eq(antecipacaoBoleto.antecipacao_id, id), ne(antecipacaoBoleto.ativo, false)));
}
