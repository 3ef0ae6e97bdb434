import { and, eq, sql } from 'drizzle-orm';
import type { ContaCobrancaInput } from '@bg/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { contaCobranca } from '../../db/schema/index.js';
import { empresaConta } from '../../db/schema/empresa-conta.js';
import { wrongState } from '../../errors/app-error.js';
import { insertContaCobranca, type ContaCobrancaRow } from './insert-conta-cobranca.js';

export const CONTA_NAO_CONFIGURADA =
  'Conta de cobrança não configurada. Um administrador deve cadastrá-la em Administração > Conta de Cobrança.';

/**
 * The house default conta (conta_cobranca.padrao, decision 126), or null while none is configured:
 * where a shop without a conta of its own numbers its boletos, and the beneficiary the collection
 * letters name. Several contas may be active; at most one is the default (a unique partial index).
 */
export async function activeContaCobranca(tx: DbOrTx): Promise<ContaCobrancaRow | null> {
  const [row] = await tx.select().from(contaCobranca).where(eq(contaCobranca.padrao, true));
  return row ?? null;
}

/**
 * The conta a shop's new boletos are numbered in: its own (empresa.conta_cobranca_id) while that
 * conta is active, otherwise the house default; null while neither exists.
 */
export async function contaDaEmpresa(tx: DbOrTx, empresaId: number | null): Promise<ContaCobrancaRow | null> {
  if (empresaId !== null) {
    const [own] = await tx
      .select({ conta: contaCobranca })
      .from(empresaConta)
      .innerJoin(contaCobranca, and(eq(contaCobranca.id, empresaConta.conta_cobranca_id), eq(contaCobranca.ativa, true)))
      .where(eq(empresaConta.id, empresaId));
    if (own) return own.conta;
  }
  return activeContaCobranca(tx);
}

export async function requireContaDaEmpresa(tx: DbOrTx, empresaId: number | null): Promise<ContaCobrancaRow> {
  const conta = await contaDaEmpresa(tx, empresaId);
  if (!conta) throw wrongState(CONTA_NAO_CONFIGURADA);
  return conta;
}

/**
 * The BOLETO_* variables' account (config.contaCobranca, validated by loadConfig) becomes the active
 * one (origem ENV) when the database has none, so an install configured by environment needs no
 * screen at all; an account saved on the admin screen always wins. main.ts calls it at start,
 * before the seed; the lock makes processes starting together create it once.
 */
export async function provisionContaFromConfig(db: Db, conta: ContaCobrancaInput | null): Promise<ContaCobrancaRow | null> {
  if (!conta) return null;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727003)`);
    return (await activeContaCobranca(tx)) ?? insertContaCobranca(tx, conta, 'ENV', null);
  });
}

export async function requireContaCobranca(tx: DbOrTx): Promise<ContaCobrancaRow> {
  const conta = await activeContaCobranca(tx);
  if (!conta) throw wrongState(CONTA_NAO_CONFIGURADA);
  return conta;
}

export async function contaCobrancaById(tx: DbOrTx, id: number): Promise<ContaCobrancaRow | null> {
  const [row] = await tx.select().from(contaCobranca).where(eq(contaCobranca.id, id));
  return row ?? null;
}
