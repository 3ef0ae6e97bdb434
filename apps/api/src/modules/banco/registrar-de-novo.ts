import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bancoRegistro, boleto } from '../../db/schema/index.js';
import { notFound, wrongState } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { assertAdmin } from '../tenancy/access.js';

/**
 * POST /api/banco/registrar/{id} (administrador): a registration the bank refused (after the payer's
 * data was corrected) or one waiting for its next try goes now — the ticker picks it up at once.
 */
export async function registrarDeNovo(db: Db, actor: Actor, boletoId: number): Promise<void> {
  assertAdmin(actor);
  await db.transaction(async (tx) => {
    const [r] = await tx.select().from(bancoRegistro).where(eq(bancoRegistro.boleto_id, boletoId)).for('update');
    const [b] = await tx.select({ situacao: boleto.situacao }).from(boleto).where(eq(boleto.id, boletoId));
    if (!b) throw notFound('Boleto');
    if (!r) throw wrongState('Este boleto não tem registro por API a enviar.');
    if (r.estado === 'REGISTRADO') throw wrongState('Este boleto já está registrado no banco.');
    if (r.estado === 'REJEITADO' && b.situacao !== 'DISPONÍVEL PARA PAGAMENTO') throw wrongState(`Operação não permitida: o boleto está ${b.situacao ?? 'aguardando liberação'}.`);
    await tx
      .update(bancoRegistro)
      .set({ estado: r.estado === 'REJEITADO' ? 'PENDENTE' : r.estado, proxima_tentativa: sql`now()`, solicitado_em: r.estado === 'REJEITADO' ? sql`now()` : r.solicitado_em, updated_at: sql`now()` })
      .where(eq(bancoRegistro.boleto_id, boletoId));
    await recordAudit(tx, actor, { action: 'banco.registrar', entity: 'boleto', entityId: boletoId, summary: { estado_anterior: r.estado } });
  });
}
