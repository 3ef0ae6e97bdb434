import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { empresa } from '../../../db/schema/index.js';
import { integracaoWebhook } from '../../../db/schema/integracao-webhooks.js';
import type { JobQueue } from '../../../jobs/index.js';
import { enqueueMensagem, sendMensagemJob } from '../../mensagem/enqueue-mensagem.js';
import { webhookEntregarJob } from './entregar-job.js';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * The webhooks' ticker (every WEBHOOK_TICK_SECONDS in a process with JOBS=on, app.ts): one
 * delivery job per active endpoint with a delivery due (one open job per endpoint, so an endpoint's
 * events go one at a time, in order), then the e-mail to each shop whose endpoint was just paused.
 */
export async function tickWebhooks(db: Db, jobs: JobQueue): Promise<number> {
  const due = rowsOf<{ id: number }>(
    await db.execute(sql`
      select w.id from integracao_webhook w
       where w.status = 'ativo' and w.removido_em is null
         and exists (
           select 1 from integracao_entrega en join integracao_evento ev on ev.id = en.evento_id
            where en.webhook_id = w.id and en.status = 'pendente' and en.proxima_tentativa <= now()
              -- one the job may send now: not held behind an earlier pending event of its resource
              and not exists (
                select 1 from integracao_entrega e2 join integracao_evento v2 on v2.id = e2.evento_id
                 where e2.webhook_id = en.webhook_id and e2.status = 'pendente' and e2.id <> en.id
                   and v2.recurso = ev.recurso and v2.recurso_id = ev.recurso_id
                   and (v2.sequencia < ev.sequencia or (v2.sequencia = ev.sequencia and e2.id < en.id))))`),
  );
  for (const { id } of due) await jobs.enqueue(db, webhookEntregarJob, { webhookId: id }, { exclusiveKey: `integracao-webhook:${id}` });
  await avisarPausados(db, jobs);
  return due.length;
}

/**
 * Tells each shop whose endpoint the delivery job paused (15 failures in a row): an e-mail to the
 * shop's address through the messaging outbox, in the transaction that clears the flag, so the
 * notice goes once. Início shows the paused endpoints to the shop and to administradores too.
 */
export async function avisarPausados(db: Db, jobs: JobQueue): Promise<number> {
  const sent = await db.transaction(async (tx) => {
    const pausados = await tx
      .update(integracaoWebhook)
      .set({ aviso_pausa_pendente: false })
      .where(eq(integracaoWebhook.aviso_pausa_pendente, true))
      .returning({ id: integracaoWebhook.id, empresa_id: integracaoWebhook.empresa_id, url: integracaoWebhook.url, motivo: integracaoWebhook.pausado_motivo });
    let n = 0;
    for (const p of pausados) {
      const [loja] = await tx.select({ email: empresa.email, fantasia: empresa.fantasia }).from(empresa).where(eq(empresa.id, p.empresa_id));
      if (!loja?.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(loja.email.trim())) continue;
      await enqueueMensagem(
        tx,
        jobs,
        {
          channel: 'email',
          to: loja.email,
          subject: 'Webhook pausado: entregas com falha',
          text:
            `Olá, ${loja.fantasia}.\n\nO webhook ${p.url} foi pausado depois de falhas seguidas de entrega (${p.motivo ?? 'sem resposta de sucesso'}).\n` +
            'Os eventos continuam guardados. Corrija o endereço ou o servidor e reative o webhook em Administração > Webhooks: ' +
            'as entregas pendentes serão enviadas em seguida, na ordem de cada recurso.\n\nBoleto Garantido',
          entity: 'integracao_webhook',
          entityId: p.id,
          empresaId: p.empresa_id,
          tipo: 'outro',
        },
        null,
      );
      n += 1;
    }
    return n;
  });
  if (sent) jobs.wake(sendMensagemJob);
  return sent;
}
