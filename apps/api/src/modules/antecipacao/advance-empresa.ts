import { eq } from 'drizzle-orm';
import { ANTECIPACAO_MSG, NIVEL, parsePercentRate } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { empresa } from '../../db/schema/index.js';
import { AppError, forbidden, invalid, notFound, wrongState } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';

export type AdvanceEmpresa = { id: number; taxa_prorrata: string; taxa_antecipacao: string };

/**
 * The empresa an advance is simulated or requested for: the actor's own. Only an usuario (nivel 1)
 * simulates and requests (spec §6: "The Simular button … only to level 1"), and only when its
 * empresa advances (antecipa S) with a taxa_antecipacao configured. With `lock`, the empresa row
 * is locked for the transaction, so two requests of one shop are checked one after the other.
 */
export async function advanceEmpresa(db: DbOrTx, actor: Actor, { lock = false } = {}): Promise<AdvanceEmpresa> {
  if (actor.nivel !== NIVEL.USUARIO) throw forbidden(ANTECIPACAO_MSG.somenteUsuario);
  if (actor.empresa_id == null) throw forbidden(ANTECIPACAO_MSG.semEmpresa);
  const row = await readEmpresa(db, actor.empresa_id, lock);
  if (!row || row.antecipa !== 'S') throw forbidden(ANTECIPACAO_MSG.naoHabilitada);
  if (!taxaConfigurada(row)) throw new AppError('WRONG_STATE', 'A taxa de antecipação da sua empresa não está configurada. Fale com o administrador.');
  return { id: row.id, taxa_prorrata: row.taxa_prorrata, taxa_antecipacao: row.taxa_antecipacao as string };
}

/**
 * The empresa whose simulation is shown: an usuario's own (naming another one answers 404, as any
 * record outside its sight); for an administrador, the shop it chose (required; read only — it
 * looks at what the shop would be offered, the request stays the shop's). Franqueados: refused as
 * by advanceEmpresa.
 */
export async function simulationEmpresa(db: DbOrTx, actor: Actor, empresaId?: number): Promise<AdvanceEmpresa> {
  if (actor.nivel !== NIVEL.ADMINISTRADOR) {
    if (actor.nivel !== NIVEL.USUARIO) throw forbidden(ANTECIPACAO_MSG.somenteUsuario);
    if (empresaId != null && empresaId !== actor.empresa_id) throw notFound('Empresa');
    return advanceEmpresa(db, actor);
  }
  if (empresaId == null) throw invalid({ empresa_id: ANTECIPACAO_MSG.escolhaLoja });
  const row = await readEmpresa(db, empresaId, false);
  if (!row) throw notFound('Empresa');
  if (row.antecipa !== 'S') throw wrongState(ANTECIPACAO_MSG.naoHabilitadaLoja);
  if (!taxaConfigurada(row)) throw wrongState(ANTECIPACAO_MSG.taxaNaoConfiguradaLoja);
  return { id: row.id, taxa_prorrata: row.taxa_prorrata, taxa_antecipacao: row.taxa_antecipacao as string };
}

async function readEmpresa(db: DbOrTx, id: number, lock: boolean) {
  const query = db
    .select({ id: empresa.id, antecipa: empresa.antecipa, taxa_prorrata: empresa.taxa_prorrata, taxa_antecipacao: empresa.taxa_antecipacao })
    .from(empresa)
    .where(eq(empresa.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

const taxaConfigurada = (row: { taxa_antecipacao: string | null }) => row.taxa_antecipacao != null && Boolean(parsePercentRate(row.taxa_antecipacao));
