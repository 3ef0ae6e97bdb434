import { and, eq } from 'drizzle-orm';
import { seamRefusal, type AdvanceHold, type BoletoAction, type SeamAction } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { antecipacao, antecipacaoBoleto } from '../../db/schema/index.js';
import { AppError } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { isAdministrador } from '../tenancy/access.js';

/** The advance (EM ANÁLISE or APROVADA) that holds a boleto, or null. */
export async function advanceHolding(tx: DbOrTx, boletoId: number): Promise<AdvanceHold> {
  const [row] = await tx
    .select({ id: antecipacao.id, situacao: antecipacao.situacao })
    .from(antecipacaoBoleto)
    .innerJoin(antecipacao, eq(antecipacao.id, antecipacaoBoleto.antecipacao_id))
    .where(and(eq(antecipacaoBoleto.boleto_id, boletoId), eq(antecipacaoBoleto.ativo, true)));
  return row ?? null;
}

/** Which seam a state-machine action crosses (the others are the bank's or the acordo's). */
export const SEAM_OF: Partial<Record<BoletoAction, SeamAction>> = { baixar: 'receber', cancelar: 'cancelar', quitar: 'quitar', marcarQuitado: 'quitar' };

/**
 * DOMAIN.md "Seams between modules" on the server, whatever screen or call starts the action
 * (decision 109; the rules are the domain's seamRefusal): inside an advance EM ANÁLISE a boleto is
 * not received, updated, cancelled or quitado (the answer names the advance); inside an APROVADA
 * one a shop's user may not receive, update or cancel it, and nobody changes its value. The caller
 * holds the boleto's row lock, so the advance cannot be decided in between (approval share-locks it).
 */
export async function assertSeam(tx: DbOrTx, actor: Pick<Actor, 'nivel'>, boletoId: number, action: SeamAction, opts: { valorMuda?: boolean } = {}): Promise<AdvanceHold> {
  const hold = await advanceHolding(tx, boletoId);
  const refusal = seamRefusal(action, hold, { admin: isAdministrador(actor), valorMuda: opts.valorMuda });
  if (refusal) throw new AppError(isAdministrador(actor) || hold?.situacao === 'EM ANÁLISE' ? 'WRONG_STATE' : 'FORBIDDEN', refusal, { extra: { antecipacao: hold } });
  return hold;
}
