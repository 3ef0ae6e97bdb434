import { jobKind } from '../../jobs/index.js';

/** The bank jobs (their policies are in jobs/catalogue.ts; docs/banks.md). */
export const bancoSincronizarJob = jobKind<{ contaId: number }>('banco.sincronizar');
export const bancoWebhookJob = jobKind<{ webhookId: number }>('banco.webhook');
export const bancoConciliarJob = jobKind<{ contaId?: number; desde?: string }>('banco.conciliar');

/** At most one sync queued or running per conta (background_job's exclusive key). */
export const syncKey = (contaId: number) => `banco.sincronizar:${contaId}`;
