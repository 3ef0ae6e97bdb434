import { eq, sql } from 'drizzle-orm';
import {
  aberturaDoProximoDia,
  dayInSaoPaulo,
  dentroDaJanela,
  instanteEmSaoPaulo,
  addDays,
  MENSAGEM_TIPOS_COBRANCA,
  renderReguaMensagem,
  reguaTipoMensagem,
  reguaWhatsappVariaveis,
  type ReguaCanal,
} from '@bg/domain';
import type { Db, Tx } from '../../db/client.js';
import { reguaEnvio } from '../../db/schema/index.js';
import type { JobQueue } from '../../jobs/index.js';
import { enqueueMensagem, sendMensagemJob } from '../mensagem/enqueue-mensagem.js';
import { pessoasQueRecusaram } from '../mensagem/consentimento.js';
import { criarCodigoPagador, pagadorUrl } from '../pagador/link-pagador.js';
import { conteudoDosBoletos } from './conteudo-envio.js';
import { motivoParada, rowsOf } from './regua-sql.js';

/** Advisory-lock namespace of "one collection message per person per day" (pg_advisory_xact_lock(ns, pessoa)). */
const LOCK_PESSOA = 727115;
/** A message held back by the one-a-day rule waits at most this many days, then is dropped. */
export const MAX_ADIAMENTOS = 3;
const LOTE = 200;

export type DespachoResultado = { enfileiradas: number; ignoradas: number; adiadas: number };

type EnvioRow = { id: number; boleto_id: number; pessoa_id: number; empresa_id: number; dias: number; canal: ReguaCanal; template: Parameters<typeof renderReguaMensagem>[0]; adiamentos: number; parada: string | null };

/**
 * Sends what is due (status AGENDADO, enviar_em ≤ now), in batches of 200, each batch one
 * transaction with every guard re-read inside it just before the message is enqueued:
 * - outside the window (08:00–20:00 São Paulo, not Sundays or holidays) nothing is sent: the rows
 *   wait for the next run inside it;
 * - the rows are claimed FOR UPDATE SKIP LOCKED (two processes never take one row) and their
 *   boletos locked FOR SHARE, then the stop conditions re-read (`motivoParada`: paid or written
 *   off meanwhile, acordo, SPC, contested…) → IGNORADO with the reason;
 * - the channel the person left (mensagem_consentimento) → IGNORADO; no valid contact → IGNORADO;
 * - at most one collection message per person per São Paulo day, across shops: the person is
 *   locked (advisory lock) and today's régua messages and outbox collection kinds counted; a
 *   second one waits for the next day's opening (at most MAX_ADIAMENTOS times);
 * - else the payer-page code is made, the text rendered and the message enqueued through the
 *   outbox (`enqueueMensagem`) in the same transaction; the row becomes ENFILEIRADO.
 */
export async function despacharEnvios(deps: { db: Db; jobs: JobQueue; baseUrl: string }, now: Date, onBatch?: (done: number) => void): Promise<DespachoResultado> {
  const total: DespachoResultado = { enfileiradas: 0, ignoradas: 0, adiadas: 0 };
  if (!dentroDaJanela(now)) return total;
  for (;;) {
    const r = await deps.db.transaction((tx) => despacharLote(tx, deps, now));
    if (r === null) break;
    total.enfileiradas += r.enfileiradas;
    total.ignoradas += r.ignoradas;
    total.adiadas += r.adiadas;
    onBatch?.(total.enfileiradas + total.ignoradas + total.adiadas);
  }
  if (total.enfileiradas) deps.jobs.wake(sendMensagemJob);
  return total;
}

async function despacharLote(tx: Tx, deps: { jobs: JobQueue; baseUrl: string }, now: Date): Promise<DespachoResultado | null> {
  const claimed = await rowsOf<{ id: number }>(
    tx,
    sql`select id from regua_envio where status = 'AGENDADO' and enviar_em <= ${now.toISOString()}::timestamptz
        order by pessoa_id, dias desc, id limit ${LOTE} for update skip locked`,
  );
  if (!claimed.length) return null;
  const ids = `{${claimed.map((c) => c.id).join(',')}}`;
  // the boletos as they are now: a payment committed before this point is seen, one after it waits for this batch
  await tx.execute(sql`select b.id from boleto b join regua_envio ev on ev.boleto_id = b.id where ev.id = any(${ids}::bigint[]) order by b.id for share of b`);
  const rows = await rowsOf<EnvioRow>(
    tx,
    sql`select ev.id, ev.boleto_id, ev.pessoa_id, ev.empresa_id, ev.dias, ev.canal, ev.template, ev.adiamentos,
          case when b.vencimento <> ev.data_prevista - ev.dias then 'vencimento_alterado' else ${motivoParada} end as parada
        from regua_envio ev
        join boleto b on b.id = ev.boleto_id
        join garantia g on g.id = b.garantia_id
        join pessoa p on p.id = g.pessoa_id
        left join regua rg on rg.id = ev.regua_id
        where ev.id = any(${ids}::bigint[])
        order by ev.pessoa_id, ev.dias desc, ev.id`,
  );
  const pessoas = [...new Set(rows.map((r) => Number(r.pessoa_id)))].sort((a, b) => a - b);
  // one collection message per person per day: these people are ours until commit (sorted: no deadlock)
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_PESSOA}, s.p) from (select unnest(${`{${pessoas.join(',')}}`}::int[]) as p order by 1) s`);
  const hoje = dayInSaoPaulo(now);
  const inicio = instanteEmSaoPaulo(hoje, 0);
  const fim = instanteEmSaoPaulo(addDays(hoje, 1), 0);
  const jaHoje = new Set(
    (
      await rowsOf<{ pessoa_id: number }>(
        tx,
        sql`select pessoa_id from regua_envio where status = 'ENFILEIRADO' and pessoa_id = any(${`{${pessoas.join(',')}}`}::int[])
              and enfileirado_em >= ${inicio.toISOString()}::timestamptz and enfileirado_em < ${fim.toISOString()}::timestamptz
            union
            select pessoa_id from mensagem_outbox where pessoa_id = any(${`{${pessoas.join(',')}}`}::int[])
              and tipo in (${sql.join(MENSAGEM_TIPOS_COBRANCA.map((t) => sql`${t}`), sql`, `)})
              and created_at >= ${inicio.toISOString()}::timestamptz and created_at < ${fim.toISOString()}::timestamptz
              and not exists (select 1 from regua_envio ev where ev.mensagem_id = mensagem_outbox.id)`,
      )
    ).map((r) => Number(r.pessoa_id)),
  );
  const recusaram = {
    whatsapp: await pessoasQueRecusaram(tx, pessoas, 'whatsapp'),
    email: await pessoasQueRecusaram(tx, pessoas, 'email'),
  };
  const conteudo = await conteudoDosBoletos(tx, [...new Set(rows.map((r) => Number(r.boleto_id)))]);
  const result: DespachoResultado = { enfileiradas: 0, ignoradas: 0, adiadas: 0 };
  const ignorar = async (id: number, motivo: string) => {
    await tx.update(reguaEnvio).set({ status: 'IGNORADO', motivo, updated_at: now }).where(eq(reguaEnvio.id, id));
    result.ignoradas++;
  };
  for (const r of rows) {
    const pessoaId = Number(r.pessoa_id);
    const c = conteudo.get(Number(r.boleto_id));
    const destino = c ? (r.canal === 'whatsapp' ? c.telefone : c.email) : null;
    if (r.parada) await ignorar(r.id, r.parada);
    else if (!c) await ignorar(r.id, 'sem_linha_digitavel');
    else if (recusaram[r.canal].has(pessoaId)) await ignorar(r.id, 'canal_recusado');
    else if (!destino) await ignorar(r.id, 'sem_contato');
    else if (jaHoje.has(pessoaId)) {
      if (r.adiamentos >= MAX_ADIAMENTOS) await ignorar(r.id, 'limite_diario');
      else {
        await tx
          .update(reguaEnvio)
          .set({ enviar_em: aberturaDoProximoDia(now), adiamentos: sql`${reguaEnvio.adiamentos} + 1`, motivo: 'limite_diario', updated_at: now })
          .where(eq(reguaEnvio.id, r.id));
        result.adiadas++;
      }
    } else {
      const { codigo } = await criarCodigoPagador(tx, pessoaId, now);
      const link = pagadorUrl(deps.baseUrl, codigo);
      const variaveis = { ...c.variaveis, link };
      const m = renderReguaMensagem(r.template, r.canal, variaveis);
      const msg = await enqueueMensagem(
        tx,
        deps.jobs,
        {
          channel: r.canal,
          to: destino,
          subject: r.canal === 'email' ? m.subject : null,
          text: m.text,
          link,
          entity: 'boleto',
          entityId: r.boleto_id,
          pessoaId,
          empresaId: Number(r.empresa_id),
          tipo: reguaTipoMensagem(r.dias),
          // outside WhatsApp's 24 h window: the approved template of a reminder or a collection message
          whatsappTemplate: r.canal === 'whatsapp' ? { name: r.dias <= 0 ? 'bg_lembrete_vencimento' : 'bg_cobranca', variables: reguaWhatsappVariaveis(variaveis) } : null,
        },
        null,
      );
      await tx.update(reguaEnvio).set({ status: 'ENFILEIRADO', mensagem_id: msg.id, enfileirado_em: now, motivo: null, updated_at: now }).where(eq(reguaEnvio.id, r.id));
      jaHoje.add(pessoaId);
      result.enfileiradas++;
    }
  }
  return result;
}

