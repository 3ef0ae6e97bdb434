import { MENSAGEM_MAX_ATTEMPTS, sendMensagem, sendMensagemJob } from '../modules/mensagem/send-mensagem-job.js';
import { applyRetorno, type ApplyCheckpoint, type ApplyData, type ApplyResult } from '../modules/cnab/apply-retorno.js';
import { previewRetorno, type PreviewResult } from '../modules/cnab/preview-retorno.js';
import { remessaJob, runRemessaJob } from '../modules/cnab/remessa-job.js';
import { retornoAplicarJob, retornoPreviaJob } from '../modules/cnab/retorno-jobs.js';
import { lgpdPurgeJob, purgeAcessos, retentionMonths } from '../modules/lgpd/purge-acessos.js';
import { idempotenciaLimpezaJob, limparIdempotencia } from '../modules/integracao/api-v1/limpeza-job.js';
import { assinaturaLimpezaJob, limparAcessosPublicos } from '../modules/assinatura/public-access.js';
import { limparAcessosPagador, pagadorAcessosLimpezaJob } from '../modules/pagador/limpar-acessos.js';
import { runSpcExclusao, spcExclusaoJob } from '../modules/cobranca/spc-exclusao.js';
import { runSpcInclusao, spcInclusaoJob } from '../modules/cobranca/spc-inclusao.js';
import { ledgerMensalidadesJob, ledgerVerificarJob, runLedgerCheck, runMensalidades } from '../modules/ledger/ledger-jobs.js';
import { bancoConciliarJob, bancoSincronizarJob, bancoWebhookJob } from '../modules/banco/banco-job-kinds.js';
import { runConciliar } from '../modules/banco/conciliar.js';
import { runSincronizar, runWebhook } from '../modules/banco/banco-jobs.js';
import { runEntregar, webhookEntregarJob } from '../modules/integracao/webhooks/entregar-job.js';
import { runVencidos, webhookVencidosJob } from '../modules/integracao/webhooks/vencidos-job.js';
import { reguaJob, runRegua } from '../modules/regua/regua-job.js';
import { riscoAtualizarCompletaJob, riscoAtualizarJob, runAtualizarRisco } from '../modules/credito/risco/atualizar-risco.js';
import type { JobQueue } from './job-queue.js';
import { cron, defineJob, type JobCatalogue } from './define-job.js';

/**
 * Every kind of background job the app runs and every cron, in one place (docs/decisions/040 and
 * 101): the handler, the retry policy and the schedule. Features declare their kinds (jobKind) and
 * enqueue them; buildApp hands this catalogue to the queue, which refuses any other kind.
 */
export function jobCatalogue(
  config: { lgpdAccessLogRetentionMonths: number; publicUrl?: string | null; port?: number },
  deps: { jobs?: () => JobQueue } = {},
): JobCatalogue {
  // the payer page's address in the régua's messages and the e-mails' descadastro link: PUBLIC_URL, else this server
  const baseUrl = config.publicUrl ?? `http://localhost:${config.port ?? 3000}`;
  const queue = () => {
    if (!deps.jobs) throw new Error('régua de cobrança: a fila de tarefas não foi entregue ao catálogo');
    return deps.jobs();
  };
  return {
    jobs: [
      // Gerar Remessa (decision 041): one transaction; tens of seconds for 100 000 boletos.
      defineJob(remessaJob, { handler: runRemessaJob, progressUnit: 'títulos', timeoutSeconds: 1800, retryLimit: 2, retryDelaySeconds: 5 }),
      // A retorno's dry run, in bytes of the file.
      defineJob<{ retornoId: number }, PreviewResult>(retornoPreviaJob, {
        handler: (data, ctx) => previewRetorno(ctx.storage, data.retornoId, ctx),
        progressUnit: 'bytes',
        timeoutSeconds: 1800,
        retryLimit: 3,
        retryDelaySeconds: 5,
      }),
      // Applying a retorno, checkpointed per batch: a run that reaches its time limit stops at a batch
      // boundary and the retry goes on from there; after a crash, once the dead process's lease ran
      // out (decision 108), in another process or the restarted one.
      defineJob<ApplyData, ApplyResult, ApplyCheckpoint>(retornoAplicarJob, {
        handler: (data, ctx) => applyRetorno(ctx.storage, data, ctx),
        progressUnit: 'bytes',
        timeoutSeconds: 1800,
        retryLimit: 5,
        retryDelaySeconds: 5,
      }),
      // The messaging outbox: the first send plus four retries, 30 s · 2ⁿ apart; two at a time.
      defineJob(sendMensagemJob, { handler: (data, ctx) => sendMensagem(data, ctx, { baseUrl }), retryLimit: MENSAGEM_MAX_ATTEMPTS - 1, retryDelaySeconds: 30, timeoutSeconds: 60, concurrency: 2 }),
      // SPC exclusions (decision 050); `short`: at most one run waits in the queue.
      defineJob(spcExclusaoJob, { handler: runSpcExclusao, policy: 'short', retryLimit: 2, timeoutSeconds: 600 }),
      // SPC inclusions whose notice period ended (decision 111); idempotent, one run at a time.
      defineJob(spcInclusaoJob, { handler: runSpcInclusao, policy: 'singleton', retryLimit: 2, timeoutSeconds: 600 }),
      // LGPD access log beyond its retention (decision 095); one run at a time.
      defineJob(lgpdPurgeJob, { handler: purgeAcessos, policy: 'singleton', timeoutSeconds: 1800, progressUnit: 'registros' }),
      // the public API's idempotency answers past their 24 h (decision 117); idempotent, one run at a time
      defineJob(idempotenciaLimpezaJob, { handler: limparIdempotencia, policy: 'singleton', timeoutSeconds: 600, progressUnit: 'respostas' }),
      // The public signing calls' finished rate-limit windows.
      defineJob(assinaturaLimpezaJob, { handler: limparAcessosPublicos, policy: 'short', timeoutSeconds: 120 }),
      // The payer page's access log beyond the LGPD retention (decision 116); one run at a time.
      defineJob(pagadorAcessosLimpezaJob, { handler: limparAcessosPagador, policy: 'singleton', timeoutSeconds: 1800 }),
      // The ledger's invariants (decision 109): reads every boleto, one run at a time.
      defineJob(ledgerVerificarJob, { handler: runLedgerCheck, policy: 'singleton', timeoutSeconds: 3600, retryLimit: 1 }),
      // The month's mensalidades: idempotent per shop and month.
      defineJob(ledgerMensalidadesJob, { handler: runMensalidades, policy: 'singleton', timeoutSeconds: 600 }),
      // Banks by API (docs/banks.md): one conta's registrations, changes and write-offs, a batch per
      // run (the ticker enqueues it again while work is left); the bank's failures are the work's
      // own backoff (banco_registro.proxima_tentativa), not the job's.
      defineJob(bancoSincronizarJob, { handler: runSincronizar, timeoutSeconds: 600, retryLimit: 3, retryDelaySeconds: 10 }),
      // A stored webhook call: its payments, each confirmed by a query to the bank; retried with backoff.
      defineJob(bancoWebhookJob, { handler: runWebhook, timeoutSeconds: 300, retryLimit: 8, retryDelaySeconds: 15, concurrency: 2 }),
      // The daily reconciliation (Conciliação): every conta by API against the bank's lists; idempotent, one run at a time.
      defineJob(bancoConciliarJob, { handler: runConciliar, policy: 'singleton', timeoutSeconds: 1800, retryLimit: 2, retryDelaySeconds: 60, progressUnit: 'contas' }),
      // The shops' webhooks (decision 118): one endpoint's due deliveries, one job per endpoint at a time
      // (its events in order); the backoff over 24 h is the deliveries' own (integracao_entrega), not the job's.
      defineJob(webhookEntregarJob, { handler: runEntregar, timeoutSeconds: 600, retryLimit: 3, retryDelaySeconds: 10, concurrency: 4 }),
      // boleto.vencido: the daily scan of boletos that fell due; idempotent, one run at a time.
      defineJob(webhookVencidosJob, { handler: runVencidos, policy: 'singleton', timeoutSeconds: 1800, retryLimit: 2, progressUnit: 'eventos' }),
      // The régua de cobrança (decision 115): plan today's messages, send what is due; idempotent, one run at a time.
      defineJob(reguaJob, { handler: (data, ctx) => runRegua(data, ctx, { jobs: queue, baseUrl }), policy: 'singleton', timeoutSeconds: 1800, retryLimit: 2, retryDelaySeconds: 60, progressUnit: 'mensagens' }),
      // Portfolio risk (issue 29, docs/risco.md): the position now; the complete run adds the month-ends,
      // safras and losses. Idempotent, one run at a time (and one transaction-scoped lock between the two).
      defineJob(riscoAtualizarJob, { handler: (_d, ctx) => runAtualizarRisco(ctx, false), policy: 'singleton', timeoutSeconds: 600, retryLimit: 2, retryDelaySeconds: 60 }),
      defineJob(riscoAtualizarCompletaJob, { handler: (_d, ctx) => runAtualizarRisco(ctx, true), policy: 'singleton', timeoutSeconds: 1800, retryLimit: 2, retryDelaySeconds: 60 }),
    ],
    schedules: [
      // every 10 minutes (São Paulo time): a payment is seen within minutes
      cron(spcExclusaoJob, '*/10 * * * *', {}),
      // every morning at 08:05 (business hours: the debtor may still call the same day)
      cron(spcInclusaoJob, '5 8 * * *', {}),
      // every night at 03:40, with the retention as applied (never under 6 months)
      cron(lgpdPurgeJob, '40 3 * * *', { meses: retentionMonths(config.lgpdAccessLogRetentionMonths) }),
      // every hour at :25: the expired idempotency answers of /api/v1
      cron(idempotenciaLimpezaJob, '25 * * * *', {}),
      // every night at 03:23
      cron(assinaturaLimpezaJob, '23 3 * * *', {}),
      // every night at 03:45, with the LGPD access log's retention
      cron(pagadorAcessosLimpezaJob, '45 3 * * *', { meses: retentionMonths(config.lgpdAccessLogRetentionMonths) }),
      // every night at 00:20: the current month's mensalidades (a shop registered today is charged tonight)
      cron(ledgerMensalidadesJob, '20 0 * * *', {}),
      // every night at 02:50, after the day's postings
      cron(ledgerVerificarJob, '50 2 * * *', {}),
      // every morning at 06:30: the banks' lists of the last days, before the back office opens
      cron(bancoConciliarJob, '30 6 * * *', {}),
      // every morning at 06:10: the boletos that fell due yesterday, before the shops open
      cron(webhookVencidosJob, '10 6 * * *', {}),
      // every hour from 08:00 to 19:00: the régua's plan for the day, then what is due inside the sending window
      cron(reguaJob, '0 8-19 * * *', {}),
      // every 15 minutes: the risk position now (exposure, aging); every night at 01:30 the complete run
      cron(riscoAtualizarJob, '*/15 * * * *', {}),
      cron(riscoAtualizarCompletaJob, '30 1 * * *', {}),
    ],
  };
}
