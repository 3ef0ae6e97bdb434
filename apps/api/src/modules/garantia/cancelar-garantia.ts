import { eq, sql } from 'drizzle-orm';
import { canApply, type Situacao } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { boleto, garantia } from '../../db/schema/index.js';
import { recordAudit } from '../audit/record-audit.js';
import { emitirEvento } from '../eventos/emitir-evento.js';
import type { Actor } from '../../shared/actor.js';
import { changeSituacao } from '../boletos/change-situacao.js';
import { assertSeam } from '../boletos/boleto-seams.js';
import { transitionGarantia } from './transition-garantia.js';

/**
 * POST /api/garantia/cancelar/{id}: APROVADO → CANCELADO. Before release its boletos end
 * CANCELADO; after release each boleto that may still be cancelled is (DISPONÍVEL → CANCELADO SR,
 * registered → ENVIADO PARA CANCELAMENTO) and paid or settled ones stay as they are.
 */
export async function cancelarGarantia(db: Db, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    const row = await transitionGarantia(
      tx,
      id,
      eq(garantia.status, 'APROVADO'),
      { status: 'CANCELADO', cancelado_por: actor.id, cancelado_em: sql`now()` },
      'cancelar',
    );
    const boletos = await tx.select({ id: boleto.id, situacao: boleto.situacao }).from(boleto).where(eq(boleto.garantia_id, id)).orderBy(boleto.parcela).for('update');
    const changed: number[] = [];
    for (const b of boletos) {
      const from = b.situacao as Situacao | null;
      if (canApply('cancelarNaoLiberado', from)) {
        await changeSituacao(tx, b.id, 'cancelarNaoLiberado', actor, 'Garantia cancelada antes da liberação');
        changed.push(b.id);
      } else if (canApply('cancelar', from)) {
        // a boleto in an advance in analysis stops the cancellation (the answer names the advance);
        // an advanced one is cancelled and its advance becomes a debt of the shop (the ledger posts it)
        await assertSeam(tx, actor, b.id, 'cancelar');
        await changeSituacao(tx, b.id, 'cancelar', actor, 'Garantia cancelada');
        changed.push(b.id);
      }
    }
    await emitirEvento(tx, 'garantia', { tipo: 'garantia.cancelada', recursoId: id, empresaId: row.empresa_id });
    await recordAudit(tx, actor, {
      action: 'garantia.cancelar',
      entity: 'garantia',
      entityId: id,
      summary: { de: 'APROVADO', para: 'CANCELADO', libera_boleto: row.libera_boleto, boletos_cancelados: changed },
    });
    return row;
  });
}
