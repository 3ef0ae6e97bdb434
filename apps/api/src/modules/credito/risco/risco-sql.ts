import { sql, type SQL } from 'drizzle-orm';
import { SITUACAO } from '@bg/domain';
import type { DbOrTx } from '../../../db/client.js';

/**
 * The words of docs/risco.md "Definições" as SQL fragments, shared by the job that computes the
 * position (atualizar-risco.ts) and the screens' reads. Change a definition here and in the doc.
 */
export const SP = sql.raw(`'America/Sao_Paulo'`);

const list = (xs: readonly string[]) => sql.raw(xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(', '));

/** What the guarantor answers for: released, not paid, not cancelled. */
export const SITUACOES_GARANTIDAS = [SITUACAO.DISPONIVEL, SITUACAO.ENVIADO_REGISTRO, SITUACAO.GARANTIDO] as const;
/** On the book now: the guaranteed ones plus those honoured (QUITADO), a debt not yet recovered. */
export const SITUACOES_NA_CARTEIRA = [...SITUACOES_GARANTIDAS, SITUACAO.QUITADO] as const;
/** A boleto leaves the book on the first change to one of these: paid (bank or shop), cancelled, replaced by an acordo. */
export const SITUACOES_SAIDA = [
  SITUACAO.LIQUIDADO,
  SITUACAO.ENVIADO_BAIXA,
  SITUACAO.BAIXADO,
  SITUACAO.CANCELADO_SR,
  SITUACAO.ENVIADO_CANCELAMENTO,
  SITUACAO.BAIXADO_CANCELADO,
  SITUACAO.ENVIADO_REMOCAO,
  SITUACAO.BAIXADO_REMOVIDO,
] as const;

export const sqlGarantidas = list(SITUACOES_GARANTIDAS);
export const sqlNaCarteira = list(SITUACOES_NA_CARTEIRA);
export const sqlSaida = list(SITUACOES_SAIDA);

/**
 * Runs a read with PostgreSQL's JIT off (as the reports do: a JIT compile of seconds for queries of
 * milliseconds, docs/performance.md). `set local` ends with the transaction.
 */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    const result = await tx.execute(query);
    return (result as { rows: T[] }).rows;
  });
}

/** A percentage with two decimals of a ratio of centavos (null when the base is zero). */
export function pct(parte: number, todo: number): number | null {
  if (!todo) return null;
  return Math.round((parte * 10000) / todo) / 100;
}

/** `YYYY-MM` → the month's first day, `YYYY-MM-01`. */
export const inicioMes = (m: string) => `${m}-01`;
