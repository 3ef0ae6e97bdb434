import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { boleto, boletoContestacao } from '../../db/schema/index.js';
import { notFound, wrongState } from '../../errors/app-error.js';
import { REGUA_MSG } from '@bg/domain';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { assertAdmin } from '../tenancy/access.js';

export const CONTESTACAO_SO_ADMIN = 'Somente administradores registram contestações de boletos.';

/**
 * POST /api/regua/contestacao (administrador): the payer contests a boleto (wrong value, goods
 * returned, paid elsewhere…); while the contestation is open the régua sends it nothing (decision
 * 115). The boleto is locked, so two registrations at once make one (and the partial unique index
 * on open contestations holds whatever the writer).
 */
export async function contestarBoleto(db: Db, actor: Actor, input: { boleto_id: number; motivo: string }): Promise<{ id: number }> {
  assertAdmin(actor, CONTESTACAO_SO_ADMIN);
  return db.transaction(async (tx) => {
    const [b] = await tx.select({ id: boleto.id }).from(boleto).where(eq(boleto.id, input.boleto_id)).for('update');
    if (!b) throw notFound('Boleto');
    const [aberta] = await tx.select({ id: boletoContestacao.id }).from(boletoContestacao).where(and(eq(boletoContestacao.boleto_id, b.id), isNull(boletoContestacao.encerrada_em)));
    if (aberta) throw wrongState(REGUA_MSG.jaContestado);
    const [row] = await tx.insert(boletoContestacao).values({ boleto_id: b.id, motivo: input.motivo, aberta_por: actor.id }).returning({ id: boletoContestacao.id });
    await recordAudit(tx, actor, { action: 'boleto.contestacao', entity: 'boleto', entityId: b.id, summary: { contestacao_id: row.id, motivo: input.motivo } });
    return { id: row.id };
  });
}
