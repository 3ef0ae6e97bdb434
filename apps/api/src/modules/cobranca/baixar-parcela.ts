import { and, eq, sql } from 'drizzle-orm';
import { ACORDO_STATUS, ACORDO_VIGENTE, COBRANCA_MSG, PARCELA_SITUACAO, type AcordoStatus } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { acordo, acordoParcela } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors/app-error.js';
import type { JobQueue } from '../../jobs/index.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { emitirEventoAcordo } from '../eventos/eventos-cobranca.js';
import { postAcordoPagamento } from '../ledger/post-acordo-pagamento.js';
import { assertAdmin } from '../tenancy/access.js';
import { spcExclusaoJob } from './spc-exclusao.js';

/**
 * POST /api/acordo/baixar-parcela {parcelaId}: marks one instalment paid (spec §4 Settlement). The
 * acordo row is locked first, so two operators paying instalments of one acordo run one after the
 * other: the first paid makes it ATIVO, the last one QUITADO. Paying a paid (or cancelled)
 * instalment, or any instalment of an acordo that is not running, is refused with 409. When the
 * acordo becomes QUITADO the SPC exclusion job is enqueued in the same transaction: the records of
 * its boletos are excluded right away (legal limit: 5 business days). The payment is posted to the
 * ledger in the same transaction.
 */
export async function baixarParcela(db: Db, jobs: Pick<JobQueue, 'enqueue' | 'wake'>, actor: Actor, parcelaId: number) {
  assertAdmin(actor, COBRANCA_MSG.somenteAdministrador);
  const result = await db.transaction(async (tx) => {
    const [p] = await tx.select({ acordo_id: acordoParcela.acordo_id }).from(acordoParcela).where(eq(acordoParcela.id, parcelaId));
    if (!p) throw notFound('Parcela');
    const [a] = await tx.select({ id: acordo.id, status: acordo.status }).from(acordo).where(eq(acordo.id, p.acordo_id)).for('update');
    if (!ACORDO_VIGENTE.includes(a.status)) throw new AppError('WRONG_STATE', COBRANCA_MSG.acordoNaoVigente(a.status));
    const paid = await tx
      .update(acordoParcela)
      .set({ situacao: PARCELA_SITUACAO.PAGA, pago_em: sql`now()`, pago_por: actor.id })
      .where(and(eq(acordoParcela.id, parcelaId), eq(acordoParcela.situacao, PARCELA_SITUACAO.EM_ABERTO)))
      .returning({ parcela: acordoParcela.parcela });
    if (!paid.length) {
      const [now] = await tx.select({ situacao: acordoParcela.situacao }).from(acordoParcela).where(eq(acordoParcela.id, parcelaId));
      throw new AppError('WRONG_STATE', COBRANCA_MSG.parcelaNaoAberta(now.situacao));
    }
    // the money received, shared among the boletos' open principal (decision 109)
    await postAcordoPagamento(tx, parcelaId, actor.id);
    const [{ abertas }] = await tx
      .select({ abertas: sql<number>`count(*)::int` })
      .from(acordoParcela)
      .where(and(eq(acordoParcela.acordo_id, a.id), eq(acordoParcela.situacao, PARCELA_SITUACAO.EM_ABERTO)));
    const status: AcordoStatus = Number(abertas) === 0 ? ACORDO_STATUS.QUITADO : ACORDO_STATUS.ATIVO;
    if (status !== a.status) {
      await tx
        .update(acordo)
        .set({
          status,
          updated_at: sql`now()`,
          ...(a.status === ACORDO_STATUS.AGUARDANDO ? { ativado_em: sql`now()` } : {}),
          ...(status === ACORDO_STATUS.QUITADO ? { quitado_em: sql`now()` } : {}),
        })
        .where(and(eq(acordo.id, a.id), eq(acordo.status, a.status)));
    }
    if (status === ACORDO_STATUS.QUITADO) await jobs.enqueue(tx, spcExclusaoJob, {}, { actor });
    if (status === ACORDO_STATUS.QUITADO && status !== a.status) await emitirEventoAcordo(tx, a.id, 'acordo.pago');
    await recordAudit(tx, actor, {
      action: 'acordo.baixarParcela',
      entity: 'acordo',
      entityId: a.id,
      summary: { parcela_id: parcelaId, parcela: paid[0].parcela, de: a.status, para: status },
    });
    return { id: parcelaId, acordo_id: a.id, situacao: PARCELA_SITUACAO.PAGA, acordo_status: status };
  });
  if (result.acordo_status === ACORDO_STATUS.QUITADO) jobs.wake(spcExclusaoJob);
  return result;
}
