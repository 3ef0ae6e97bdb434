import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { garantia } from '../../db/schema/index.js';
import { recordAudit } from '../audit/record-audit.js';
import { emitirEvento } from '../eventos/emitir-evento.js';
import type { Actor } from '../../shared/actor.js';
import { issueBoletosOnRelease } from '../boletos/issue-boletos-on-release.js';
import { transitionGarantia } from './transition-garantia.js';

/**
 * POST /api/garantia/liberaBoleto/{id} ("Libera Boleto(s)"): libera_boleto N → S while APROVADO;
 * the boletos become DISPONÍVEL PARA PAGAMENTO with their nosso número (boletos module), in the
 * same transaction.
 */
export async function liberarBoletos(db: Db, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    const row = await transitionGarantia(
      tx,
      id,
      and(eq(garantia.status, 'APROVADO'), eq(garantia.libera_boleto, 'N'))!,
      { libera_boleto: 'S', liberado_por: actor.id, liberado_em: sql`now()` },
      'liberar os boletos',
    );
    const liberados = await issueBoletosOnRelease(tx, id, actor);
    await emitirEvento(tx, 'garantia', { tipo: 'boletos.liberados', recursoId: id, empresaId: row.empresa_id });
    await recordAudit(tx, actor, { action: 'garantia.liberaBoleto', entity: 'garantia', entityId: id, summary: { libera_boleto: 'S', boletos: liberados } });
    return row;
  });
}
