import { eq } from 'drizzle-orm';
import { ANTECIPACAO_MSG, NIVEL, parsePercentRate } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { empresa } from '../../db/schema/index.js';
import { AppError, forbidden } from '../../errors/app-error.js';
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
  const query = db
    .select({ id: empresa.id, antecipa: empresa.antecipa, taxa_prorrata: empresa.taxa_prorrata, taxa_antecipacao: empresa.taxa_antecipacao })
    .from(empresa)
    .where(eq(empresa.id, actor.empresa_id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || row.antecipa !== 'S') throw forbidden(ANTECIPACAO_MSG.naoHabilitada);
  if (row.taxa_antecipacao == null || !parsePercentRate(row.taxa_antecipacao)) {
    throw new AppError('WRONG_STATE', 'A taxa de antecipação da sua empresa não está configurada. Fale com o administrador.');
  }
  return { id: row.id, taxa_prorrata: row.taxa_prorrata, taxa_antecipacao: row.taxa_antecipacao };
}
