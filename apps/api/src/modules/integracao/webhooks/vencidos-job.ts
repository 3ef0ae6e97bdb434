import { sql } from 'drizzle-orm';
import { OPEN_SITUACOES, SITUACAO, todayInSaoPaulo } from '@bg/domain';
import { jobKind, type JobContext } from '../../../jobs/index.js';
import { emitirEventos } from '../../eventos/emitir-evento.js';

/**
 * `boleto.vencido` (decision 118): overdue is not a situação of the boleto but its due date passing
 * while it is open, so no use-case changes anything that day. A daily scan (cron in
 * jobs/catalogue.ts, early morning São Paulo) emits the event once per boleto: open (not QUITADO —
 * the guarantor already paid the shop), due before today, of a shop with an endpoint that receives
 * it, and without a `boleto.vencido` event yet. Idempotent: a second run the same day emits nothing.
 */
export const webhookVencidosJob = jobKind('integracao.webhook-vencidos');

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const LOTE = 1000;

export async function runVencidos(_data: Record<string, never>, ctx: JobContext): Promise<{ eventos: number }> {
  const hoje = todayInSaoPaulo(ctx.clock.now());
  const abertas = OPEN_SITUACOES.filter((s) => s !== SITUACAO.QUITADO);
  let eventos = 0;
  let ultimo = 0;
  for (;;) {
    ctx.throwIfInterrupted();
    const lote = rowsOf<{ id: number; empresa_id: number; vencimento: string }>(
      await ctx.db.execute(sql`
        select b.id, b.empresa_id, b.vencimento::text as vencimento from boleto b
         where b.id > ${ultimo}
           and b.empresa_id in (select w.empresa_id from integracao_webhook w
                                 where w.removido_em is null and (w.eventos @> array['*'] or 'boleto.vencido' = any(w.eventos)))
           and b.vencimento < ${hoje}::date
           and b.situacao in (${sql.join(abertas.map((s) => sql`${s}`), sql`, `)})
           and not exists (select 1 from integracao_evento e where e.recurso = 'boleto' and e.recurso_id = b.id and e.tipo = 'boleto.vencido')
         order by b.id
         limit ${LOTE}`),
    );
    if (!lote.length) break;
    ultimo = lote[lote.length - 1].id;
    eventos += await ctx.db.transaction((tx) =>
      emitirEventos(
        tx,
        'boleto',
        lote.map((b) => ({ tipo: 'boleto.vencido', recursoId: b.id, empresaId: b.empresa_id, dados: { vencimento: b.vencimento } })),
      ),
    );
    ctx.progress(eventos, null, 'eventos');
  }
  return { eventos };
}
