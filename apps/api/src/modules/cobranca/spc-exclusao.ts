import { and, asc, eq, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import { addBusinessDays, DIVIDA_EXTINTA_SITUACOES, SPC_EXCLUSAO_DIAS_UTEIS, SPC_STATUS, todayInSaoPaulo } from '@bg/domain';
import type { BureauAdapter } from '../../adapters/bureau/bureau.js';
import type { Db } from '../../db/client.js';
import { spcInclusao } from '../../db/schema/index.js';
import { jobKind, type JobContext } from '../../jobs/index.js';
import type { Clock } from '../../shared/clock.js';
import { recordAudit } from '../audit/record-audit.js';

const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

type Candidate = { id: number; pago_em: Date | string | null; motivo: string };

/**
 * Step 1: every ATIVA record whose debt is gone gets its exclusion requested, with the legal
 * deadline of 5 business days from the payment (STJ Súmula 548) — the day the boleto reached its
 * paid/cancelled situação (its history), or the day its acordo became QUITADO.
 */
export async function solicitarExclusoes(db: Db, clock: Clock): Promise<number> {
  const result = await db.execute(sql`
    select s.id,
           coalesce(a.quitado_em, h.em) as pago_em,
           case when a.id is not null then 'Acordo nº ' || a.id || ' quitado' else 'Boleto ' || b.situacao end as motivo
      from spc_inclusao s
      join boleto b on b.id = s.boleto_id
      left join lateral (
        select ac.id, ac.quitado_em from acordo_boleto ab join acordo ac on ac.id = ab.acordo_id
         where ab.boleto_id = b.id and ab.vigente and ac.status = 'QUITADO' limit 1
      ) a on true
      left join lateral (
        select max(bh.created_at) as em from boleto_historico bh where bh.boleto_id = b.id and bh.para = b.situacao
      ) h on true
     where s.status = ${SPC_STATUS.ATIVA} and s.exclusao_solicitada_em is null
       and (a.id is not null or b.situacao in (${list(DIVIDA_EXTINTA_SITUACOES)}))
  `);
  const rows = (result as { rows: Candidate[] }).rows;
  let count = 0;
  for (const row of rows) {
    const pagoEm = todayInSaoPaulo(row.pago_em ? new Date(row.pago_em) : clock.now());
    const updated = await db
      .update(spcInclusao)
      .set({ exclusao_solicitada_em: sql`now()`, exclusao_prazo: addBusinessDays(pagoEm, SPC_EXCLUSAO_DIAS_UTEIS), exclusao_motivo: row.motivo.slice(0, 200) })
      .where(and(eq(spcInclusao.id, row.id), eq(spcInclusao.status, SPC_STATUS.ATIVA), isNull(spcInclusao.exclusao_solicitada_em)))
      .returning({ id: spcInclusao.id });
    count += updated.length;
  }
  return count;
}

/**
 * Step 2: each requested exclusion is sent to the bureau and the record becomes REMOVIDA, one row
 * per transaction (`FOR UPDATE SKIP LOCKED`: two processes never exclude the same record). A bureau
 * failure is kept on the row (exclusao_erro, exclusao_tentativas) and retried at the next run.
 */
export async function executarExclusoes(db: Db, bureau: BureauAdapter, clock: Clock, ctx?: Pick<JobContext, 'log' | 'throwIfInterrupted'>) {
  const failed: number[] = [];
  let excluidas = 0;
  for (;;) {
    ctx?.throwIfInterrupted();
    const outcome = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(spcInclusao)
        .where(
          and(
            eq(spcInclusao.status, SPC_STATUS.ATIVA),
            isNotNull(spcInclusao.exclusao_solicitada_em),
            failed.length ? notInArray(spcInclusao.id, failed) : undefined,
          ),
        )
        .orderBy(asc(spcInclusao.exclusao_solicitada_em), asc(spcInclusao.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return null;
      const motivo = row.exclusao_motivo ?? 'Dívida quitada';
      let protocolo: string;
      try {
        ({ protocolo } = await bureau.excluirSpc(tx, { cpf_cnpj: row.cpf_cnpj, boleto_id: row.boleto_id ?? 0, protocolo: row.protocolo, motivo }));
      } catch (err) {
        const error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
        await tx
          .update(spcInclusao)
          .set({ exclusao_tentativas: sql`${spcInclusao.exclusao_tentativas} + 1`, exclusao_erro: error })
          .where(eq(spcInclusao.id, row.id));
        return { id: row.id, prazo: row.exclusao_prazo, error };
      }
      await tx
        .update(spcInclusao)
        .set({ status: SPC_STATUS.REMOVIDA, removido_em: sql`now()`, protocolo_exclusao: protocolo, exclusao_tentativas: sql`${spcInclusao.exclusao_tentativas} + 1`, exclusao_erro: null })
        .where(eq(spcInclusao.id, row.id));
      await recordAudit(tx, null, {
        action: 'spc.exclusao',
        entity: 'spc_inclusao',
        entityId: row.id,
        summary: { cpf_cnpj: row.cpf_cnpj, boleto_id: row.boleto_id, motivo, prazo: row.exclusao_prazo, protocolo_exclusao: protocolo, bureau: bureau.name },
      });
      return { id: row.id, prazo: row.exclusao_prazo, error: null };
    });
    if (!outcome) break;
    if (outcome.error === null) {
      excluidas++;
      continue;
    }
    failed.push(outcome.id);
    const atrasada = outcome.prazo !== null && outcome.prazo < todayInSaoPaulo(clock.now());
    ctx?.log[atrasada ? 'error' : 'warn']({ spc_inclusao_id: outcome.id, prazo: outcome.prazo, error: outcome.error }, 'exclusão do SPC não concluída; nova tentativa na próxima execução');
  }
  return { excluidas, falhas: failed.length };
}

/**
 * The SPC exclusion job (docs/decisions/050): runs every 10 minutes (cron in jobs/catalogue.ts) and
 * is also enqueued by the use-cases that settle a debt themselves (the last instalment of an
 * acordo), so the exclusion starts at once.
 */
export const spcExclusaoJob = jobKind('spc.exclusao');

/** Both steps, with the app's bureau adapter. */
export async function runSpcExclusao(_data: Record<string, never>, ctx: JobContext): Promise<{ solicitadas: number; excluidas: number; falhas: number }> {
  const solicitadas = await solicitarExclusoes(ctx.db, ctx.clock);
  const { excluidas, falhas } = await executarExclusoes(ctx.db, ctx.bureau, ctx.clock, ctx);
  if (solicitadas || excluidas || falhas) ctx.log.info({ solicitadas, excluidas, falhas }, 'SPC: exclusões');
  return { solicitadas, excluidas, falhas };
}
