import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import { OPEN_SITUACOES, SPC_STATUS, todayInSaoPaulo, toCents, type IsoDate } from '@bg/domain';
import type { BureauAdapter } from '../../adapters/bureau/bureau.js';
import type { Db, Tx } from '../../db/client.js';
import { acordoBoleto, boleto, spcInclusao } from '../../db/schema/index.js';
import { jobKind, type JobContext } from '../../jobs/index.js';
import type { Clock } from '../../shared/clock.js';
import { recordAudit } from '../audit/record-audit.js';

/**
 * The SPC inclusion job (decisions 111 and 116): once a day (cron in jobs/catalogue.ts) every record
 * AVISADA is looked at, one per transaction with the record and its boleto locked (`SKIP LOCKED`:
 * two processes never decide one record; a run repeated decides nothing twice):
 * - the debt gone (paid, cancelled, in an acordo, no longer overdue) → DESISTIDA with the reason:
 *   never registered, whether the letter was posted or not;
 * - the notice letter not posted yet (no carta_postada_em) → waits: without the posted letter CDC
 *   art. 43 § 2º forbids the record, however long ago the notice was issued;
 * - posted, and the period (SPC_AVISO_DIAS from the posting: inclusao_prevista) not over → waits;
 * - posted, period over, debt still open → registered at the bureau, ATIVA (from then on it blocks
 *   new guarantees).
 * The e-mail/WhatsApp copies of the notice do not decide anything: the letter is the notice.
 * A bureau failure keeps the record AVISADA (inclusao_erro, inclusao_tentativas), retried next run.
 */
export const spcInclusaoJob = jobKind('spc.inclusao');

type Decision =
  | { id: number; outcome: 'incluida'; protocolo: string }
  | { id: number; outcome: 'desistida'; motivo: string }
  | { id: number; outcome: 'aguardando' }
  | { id: number; outcome: 'erro'; error: string };

export async function incluirVencidos(db: Db, bureau: BureauAdapter, clock: Clock, ctx?: Pick<JobContext, 'log' | 'throwIfInterrupted'>) {
  const today = todayInSaoPaulo(clock.now());
  const seen: number[] = [];
  const counts = { incluidas: 0, desistidas: 0, aguardando: 0, falhas: 0 };
  for (;;) {
    ctx?.throwIfInterrupted();
    const decision = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(spcInclusao)
        .where(and(eq(spcInclusao.status, SPC_STATUS.AVISADA), seen.length ? notInArray(spcInclusao.id, seen) : undefined))
        .orderBy(asc(spcInclusao.id))
        .limit(1)
        .for('update', { skipLocked: true });
      return row ? decide(tx, bureau, row, today) : null;
    });
    if (!decision) break;
    seen.push(decision.id);
    if (decision.outcome === 'incluida') counts.incluidas++;
    else if (decision.outcome === 'desistida') counts.desistidas++;
    else if (decision.outcome === 'aguardando') counts.aguardando++;
    else {
      counts.falhas++;
      ctx?.log.warn({ spc_inclusao_id: decision.id, error: decision.error }, 'inclusão no SPC não concluída; nova tentativa na próxima execução');
    }
  }
  return counts;
}

type AvisadaRow = typeof spcInclusao.$inferSelect;

async function decide(tx: Tx, bureau: BureauAdapter, row: AvisadaRow, today: IsoDate): Promise<Decision> {
  const [b] = row.boleto_id === null ? [] : await tx.select().from(boleto).where(eq(boleto.id, row.boleto_id)).for('update');
  const [emAcordo] = b ? await tx.select({ acordo_id: acordoBoleto.acordo_id }).from(acordoBoleto).where(and(eq(acordoBoleto.boleto_id, b.id), eq(acordoBoleto.vigente, true))) : [];

  let motivo: string | null = null;
  // an acordo first: it moves the boleto out of the open situações too, and is the better reason
  if (emAcordo) motivo = `Débito em acordo (nº ${emAcordo.acordo_id}) no aviso prévio`;
  else if (!b || !b.situacao || !OPEN_SITUACOES.includes(b.situacao)) motivo = `Débito encerrado no aviso prévio (boleto ${b?.situacao ?? 'inexistente'})`;
  else if (b.vencimento >= today) motivo = 'Boleto não está mais vencido';
  if (motivo) {
    await tx.update(spcInclusao).set({ status: SPC_STATUS.DESISTIDA, desistencia_motivo: motivo.slice(0, 200), removido_em: sql`now()` }).where(eq(spcInclusao.id, row.id));
    await recordAudit(tx, null, { action: 'spc.desistencia', entity: 'spc_inclusao', entityId: row.id, summary: { boleto_id: row.boleto_id, cpf_cnpj: row.cpf_cnpj, motivo } });
    return { id: row.id, outcome: 'desistida', motivo };
  }
  // the letter not posted, or its period not over: never included yet
  if (!row.carta_postada_em || !row.inclusao_prevista || row.inclusao_prevista > today) return { id: row.id, outcome: 'aguardando' };

  let protocolo: string;
  try {
    ({ protocolo } = await bureau.incluirSpc(tx, { cpf_cnpj: row.cpf_cnpj, boleto_id: b!.id, valor_cents: toCents(b!.valor), vencimento: b!.vencimento }));
  } catch (err) {
    const error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
    await tx.update(spcInclusao).set({ inclusao_tentativas: sql`${spcInclusao.inclusao_tentativas} + 1`, inclusao_erro: error }).where(eq(spcInclusao.id, row.id));
    return { id: row.id, outcome: 'erro', error };
  }
  await tx
    .update(spcInclusao)
    .set({ status: SPC_STATUS.ATIVA, protocolo, incluido_em: sql`now()`, inclusao_tentativas: sql`${spcInclusao.inclusao_tentativas} + 1`, inclusao_erro: null })
    .where(eq(spcInclusao.id, row.id));
  await recordAudit(tx, null, {
    action: 'spc.inclusao',
    entity: 'spc_inclusao',
    entityId: row.id,
    summary: { boleto_id: row.boleto_id, cpf_cnpj: row.cpf_cnpj, valor: row.valor, vencimento: row.vencimento, carta_postada_em: row.carta_postada_em, carta_rastreio: row.carta_rastreio, bureau: bureau.name, protocolo },
  });
  return { id: row.id, outcome: 'incluida', protocolo };
}

/** With the app's bureau adapter. */
export async function runSpcInclusao(_data: Record<string, never>, ctx: JobContext) {
  const counts = await incluirVencidos(ctx.db, ctx.bureau, ctx.clock, ctx);
  if (counts.incluidas || counts.desistidas || counts.falhas) ctx.log.info(counts, 'SPC: inclusões após o aviso prévio');
  return counts;
}
