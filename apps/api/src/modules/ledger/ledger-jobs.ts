import { dayInSaoPaulo } from '@bg/domain';
import { jobKind } from '../../jobs/job-kind.js';
import type { JobContext } from '../../jobs/index.js';
import { verifyAndRecord } from './check-ledger.js';
import { cobrarMensalidades } from './post-servicos.js';

/** The nightly check of the ledger's invariants (decision 109). */
export const ledgerVerificarJob = jobKind('ledger.verificar');
/** The month's mensalidades, every night (each shop charged once a month). */
export const ledgerMensalidadesJob = jobKind<{ mes?: string }>('ledger.mensalidades');

/**
 * Checks every invariant of the ledger in one snapshot and records the outcome; a failure is logged
 * as an error, and Início shows administradores a red card until a check passes again.
 */
export async function runLedgerCheck(_data: Record<string, never>, ctx: JobContext) {
  const result = await verifyAndRecord(ctx.db, 'job');
  if (!result.ok) ctx.log.error({ falhas: result.falhas.slice(0, 20), quantidade: result.falhas.length }, 'Razão: verificação falhou');
  else ctx.log.info({ boletos: result.boletosVerificados, ms: result.duracaoMs }, 'Razão: verificação ok');
  return { ok: result.ok, falhas: result.falhas.length, boletos: result.boletosVerificados, duracao_ms: result.duracaoMs };
}

/** Charges the mensalidade of the current month (São Paulo) — or of `mes` — to every shop that owes it. */
export async function runMensalidades(data: { mes?: string }, ctx: JobContext) {
  const mes = data.mes ?? dayInSaoPaulo(ctx.clock.now()).slice(0, 7);
  const { cobradas } = await ctx.db.transaction((tx) => cobrarMensalidades(tx, mes));
  if (cobradas) ctx.log.info({ mes, cobradas }, 'Mensalidades lançadas no razão');
  return { mes, cobradas };
}
