import { eq, sql } from 'drizzle-orm';
import { REGUA_MSG } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { boletoContestacao } from '../../db/schema/index.js';
import { notFound, wrongState } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { assertAdmin } from '../tenancy/access.js';
import { CONTESTACAO_SO_ADMIN } from './contestar-boleto.js';

/** POST /api/regua/contestacao/encerrar/:id (administrador): the contestation closed with its outcome; the boleto is back in the régua. */
export async function encerrarContestacao(db: Db, actor: Actor, id: number, motivo: string): Promise<void> {
  assertAdmin(actor, CONTESTACAO_SO_ADMIN);
  await db.transaction(async (tx) => {
    const [c] = await tx.select().from(boletoContestacao).where(eq(boletoContestacao.id, id)).for('update');
    if (!c) throw notFound('Registro');
    if (c.encerrada_em) throw wrongState(REGUA_MSG.contestacaoEncerradaAntes);
    await tx.update(boletoContestacao).set({ encerrada_em: sql`now()`, encerrada_por: actor.id, encerramento: motivo }).where(eq(boletoContestacao.id, id));
    await recordAudit(tx, actor, { action: 'boleto.contestacao_encerrada', entity: 'boleto', entityId: c.boleto_id, summary: { contestacao_id: id, encerramento: motivo } });
  });
}
