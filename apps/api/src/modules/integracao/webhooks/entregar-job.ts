import { and, eq, sql } from 'drizzle-orm';
import { WEBHOOK_FALHAS_PARA_PAUSAR, WEBHOOK_JANELA_HORAS } from '@bg/domain';
import { integracaoEntrega, integracaoEntregaTentativa, integracaoWebhook } from '../../../db/schema/integracao-webhooks.js';
import { jobKind, type JobContext } from '../../../jobs/index.js';
import { abrirSegredo, assinar } from './assinatura.js';
import { completarDados, type EventoParaEnvio } from './completar-dados.js';
import { checkResolvedAddress } from './webhook-url.js';

/**
 * Delivers one endpoint's due webhook deliveries (policy in jobs/catalogue.ts; enqueued per
 * endpoint by the ticker, one open job per endpoint). Each event of a resource goes after the
 * earlier ones of the same resource: a delivery waits while an earlier one of its resource is
 * still pending for this endpoint, retries included. Every attempt is recorded; a failure waits
 * `retryBaseSeconds · 2ⁿ` (at most 3 h) and a delivery is given up 24 h after it was created;
 * WEBHOOK_FALHAS_PARA_PAUSAR failures in a row pause the endpoint (the ticker tells the shop).
 */
export const webhookEntregarJob = jobKind<{ webhookId: number }>('integracao.webhook-entregar');

const RESPOSTA_MAX = 1024;
const ESPERA_MAX_SEGUNDOS = 3 * 3600;
const LOTE = 20;
/** Per run, so one busy endpoint does not hold a worker for ever (the next tick goes on). */
const MAX_POR_EXECUCAO = 500;

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Seconds before the next attempt after `tentativas` failed ones: base · 2ⁿ⁻¹, at most 3 h (30 s, 1 min, 2 min … 3 h, 3 h…: about 14 attempts in 24 h). */
export function esperaAposFalha(baseSeconds: number, tentativas: number): number {
  return Math.min(ESPERA_MAX_SEGUNDOS, baseSeconds * 2 ** Math.max(0, tentativas - 1));
}

type Devida = EventoParaEnvio & { entrega_id: number; webhook_id: number; entrega_criada_em: Date; tentativas: number };

export async function runEntregar({ webhookId }: { webhookId: number }, ctx: JobContext): Promise<{ entregues: number; falhas: number }> {
  let entregues = 0;
  let falhas = 0;
  while (entregues + falhas < MAX_POR_EXECUCAO) {
    ctx.throwIfInterrupted();
    const [hook] = await ctx.db.select().from(integracaoWebhook).where(eq(integracaoWebhook.id, webhookId));
    if (!hook || hook.removido_em || hook.status !== 'ativo') break;
    const devidas = await proximas(ctx, webhookId);
    if (!devidas.length) break;
    const segredos = segredosValidos(ctx, hook);
    for (const d of devidas) {
      const ok = await entregar(ctx, hook.url, hook.empresa_id, segredos, d);
      if (ok === 'pausado') return { entregues, falhas: falhas + 1 };
      if (ok) entregues += 1;
      else falhas += 1;
    }
  }
  return { entregues, falhas };
}

/** The due deliveries that are first of their resource among this endpoint's pending ones. */
async function proximas(ctx: JobContext, webhookId: number): Promise<Devida[]> {
  const rows = rowsOf<Devida & { criado_em: string | Date; entrega_criada_em: string | Date }>(
    await ctx.db.execute(sql`
      select en.id as entrega_id, en.webhook_id, en.criado_em as entrega_criada_em, en.tentativas,
             ev.id, ev.tipo, ev.recurso, ev.recurso_id, ev.sequencia, ev.dados, ev.dados_completos, ev.criado_em
        from integracao_entrega en
        join integracao_evento ev on ev.id = en.evento_id
       where en.webhook_id = ${webhookId} and en.status = 'pendente' and en.proxima_tentativa <= now()
         and not exists (
           select 1 from integracao_entrega e2 join integracao_evento v2 on v2.id = e2.evento_id
            where e2.webhook_id = en.webhook_id and e2.status = 'pendente' and e2.id <> en.id
              and v2.recurso = ev.recurso and v2.recurso_id = ev.recurso_id
              and (v2.sequencia < ev.sequencia or (v2.sequencia = ev.sequencia and e2.id < en.id)))
       order by ev.criado_em, ev.sequencia, en.id
       limit ${LOTE}`),
  );
  return rows.map((r) => ({ ...r, entrega_id: Number(r.entrega_id), criado_em: new Date(r.criado_em), entrega_criada_em: new Date(r.entrega_criada_em) }));
}

function segredosValidos(ctx: JobContext, hook: typeof integracaoWebhook.$inferSelect): string[] {
  const atual = abrirSegredo(ctx.bank.box, hook.empresa_id, hook.segredo);
  const anterior =
    hook.segredo_anterior && hook.segredo_anterior_expira_em && hook.segredo_anterior_expira_em.getTime() > ctx.clock.now().getTime()
      ? abrirSegredo(ctx.bank.box, hook.empresa_id, hook.segredo_anterior)
      : null;
  return [atual, anterior].filter((s): s is string => !!s);
}

/** The body a receiver gets (docs/api.md): `{ id, tipo, criado_em, sequencia, dados }`. */
export function corpoDoEvento(e: Pick<EventoParaEnvio, 'id' | 'tipo' | 'criado_em' | 'sequencia'>, dados: unknown): string {
  return JSON.stringify({ id: e.id, tipo: e.tipo, criado_em: e.criado_em.toISOString(), sequencia: e.sequencia, dados });
}

type Resultado = { sucesso: boolean; status: number | null; resposta: string | null; erro: string | null; latencia: number };

async function entregar(ctx: JobContext, url: string, empresaId: number, segredos: string[], d: Devida): Promise<boolean | 'pausado'> {
  const inicio = Date.now();
  let r: Resultado;
  if (!segredos.length) {
    r = { sucesso: false, status: null, resposta: null, erro: 'Segredo do webhook ilegível (chave de integrações alterada): gere um novo segredo.', latencia: 0 };
  } else {
    const recusa = await checkResolvedAddress(url, ctx.webhooks.privateUrls);
    if (recusa) r = { sucesso: false, status: null, resposta: null, erro: recusa, latencia: 0 };
    else {
      const dados = await completarDados(ctx.db, d);
      r = await postar(url, corpoDoEvento(d, dados), d, segredos, ctx.webhooks.timeoutMs, Math.floor(ctx.clock.now().getTime() / 1000));
    }
  }
  r.latencia = r.latencia || Date.now() - inicio;
  return registrar(ctx, d, empresaId, r);
}

async function postar(url: string, corpo: string, d: Devida, segredos: string[], timeoutMs: number, t: number): Promise<Resultado> {
  const inicio = Date.now();
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'BoletoGarantido-Webhooks/1.0',
        'x-assinatura': assinar(segredos, t, corpo),
        'x-evento-id': d.id,
        'x-evento-tipo': d.tipo,
      },
      body: corpo,
      // a redirect is not followed (it could lead into a private network): it counts as a failure
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const resposta = await trecho(res);
    const sucesso = res.status >= 200 && res.status < 300;
    return { sucesso, status: res.status, resposta, erro: sucesso ? null : `HTTP ${res.status}`, latencia: Date.now() - inicio };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    const erro = e.name === 'TimeoutError' ? `Sem resposta em ${timeoutMs} ms` : (e.cause?.code ?? e.cause?.message ?? e.message);
    return { sucesso: false, status: null, resposta: null, erro: String(erro).slice(0, 300), latencia: Date.now() - inicio };
  }
}

/** The answer's first 1 KB (the rest is not read). */
async function trecho(res: Response): Promise<string | null> {
  if (!res.body) return null;
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < RESPOSTA_MAX) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } catch {
    // a body cut short: what arrived is the excerpt
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  const text = Buffer.concat(chunks).toString('utf8').slice(0, RESPOSTA_MAX);
  return text.length ? text : null;
}

/** Records the attempt, the delivery's new state and the endpoint's failure count, in one transaction. */
async function registrar(ctx: JobContext, d: Devida, empresaId: number, r: Resultado): Promise<boolean | 'pausado'> {
  return ctx.db.transaction(async (tx) => {
    await tx.insert(integracaoEntregaTentativa).values({
      entrega_id: d.entrega_id,
      status_http: r.status,
      latencia_ms: Math.min(r.latencia, 2_147_483_647),
      sucesso: r.sucesso,
      resposta: r.resposta,
      erro: r.erro,
    });
    const tentativas = d.tentativas + 1;
    const pendente = and(eq(integracaoEntrega.id, d.entrega_id), eq(integracaoEntrega.status, 'pendente'));
    if (r.sucesso) {
      await tx
        .update(integracaoEntrega)
        .set({ status: 'entregue', tentativas, ultima_tentativa_em: sql`now()`, ultimo_status_http: r.status, entregue_em: sql`now()` })
        .where(pendente);
      await tx.update(integracaoWebhook).set({ falhas_consecutivas: 0 }).where(eq(integracaoWebhook.id, d.webhook_id));
      return true;
    }
    const espera = esperaAposFalha(ctx.webhooks.retryBaseSeconds, tentativas);
    const expirou = Date.now() - d.entrega_criada_em.getTime() >= WEBHOOK_JANELA_HORAS * 3600 * 1000;
    await tx
      .update(integracaoEntrega)
      .set({
        status: expirou ? 'falhou' : 'pendente',
        tentativas,
        ultima_tentativa_em: sql`now()`,
        ultimo_status_http: r.status,
        proxima_tentativa: sql`now() + make_interval(secs => ${espera})`,
      })
      .where(pendente);
    const webhookId = d.webhook_id;
    const [hook] = await tx
      .update(integracaoWebhook)
      .set({ falhas_consecutivas: sql`${integracaoWebhook.falhas_consecutivas} + 1` })
      .where(eq(integracaoWebhook.id, webhookId))
      .returning({ falhas: integracaoWebhook.falhas_consecutivas });
    if (hook && hook.falhas >= WEBHOOK_FALHAS_PARA_PAUSAR) {
      const pausado = await tx
        .update(integracaoWebhook)
        .set({
          status: 'pausado',
          pausado_em: sql`now()`,
          pausado_motivo: `${hook.falhas} falhas seguidas de entrega (última: ${r.erro ?? 'erro'})`.slice(0, 200),
          aviso_pausa_pendente: true,
          atualizado_em: sql`now()`,
        })
        .where(and(eq(integracaoWebhook.id, webhookId), eq(integracaoWebhook.status, 'ativo')))
        .returning({ id: integracaoWebhook.id });
      if (pausado.length) {
        ctx.log.warn({ webhook_id: webhookId, empresa_id: empresaId, falhas: hook.falhas }, 'webhook pausado após falhas seguidas');
        return 'pausado';
      }
    }
    return false;
  });
}
