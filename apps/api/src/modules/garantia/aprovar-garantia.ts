import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { garantia } from '../../db/schema/index.js';
import { recordAudit } from '../audit/record-audit.js';
import { emitirEvento } from '../eventos/emitir-evento.js';
import type { Actor } from '../../shared/actor.js';
import { transitionGarantia } from './transition-garantia.js';

/** POST /api/garantia/aprovar/{id}: PENDENTE → APROVADO (administrador; route guard). */
export async function aprovarGarantia(db: Db, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    const row = await transitionGarantia(
      tx,
      id,
      eq(garantia.status, 'PENDENTE'),
      { status: 'APROVADO', decidido_por: actor.id, decidido_em: sql`now()` },
      'aprovar',
    );
    await emitirEvento(tx, 'garantia', { tipo: 'garantia.aprovada', recursoId: id, empresaId: row.empresa_id });
    await recordAudit(tx, actor, { action: 'garantia.aprovar', entity: 'garantia', entityId: id, summary: { de: 'PENDENTE', para: 'APROVADO' } });
    return row;
  });
}
