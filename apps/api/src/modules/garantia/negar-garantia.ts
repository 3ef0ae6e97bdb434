import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DenyReason } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { boleto, garantia } from '../../db/schema/index.js';
import { recordAudit } from '../audit/record-audit.js';
import { emitirEvento } from '../eventos/emitir-evento.js';
import type { Actor } from '../../shared/actor.js';
import { changeSituacao } from '../boletos/change-situacao.js';
import { transitionGarantia } from './transition-garantia.js';

/**
 * POST /api/garantia/negar/{id}/{motivo}/{observacao}: PENDENTE → NÃO AUTORIZADO with one of the
 * spec's reasons and a note; its boletos (never released) end CANCELADO.
 */
export async function negarGarantia(db: Db, actor: Actor, id: number, motivo: DenyReason, observacao: string) {
  return db.transaction(async (tx) => {
    const row = await transitionGarantia(
      tx,
      id,
      eq(garantia.status, 'PENDENTE'),
      { status: 'NÃO AUTORIZADO', motivo, observacao, decidido_por: actor.id, decidido_em: sql`now()` },
      'negar',
    );
    const boletos = await tx.select({ id: boleto.id }).from(boleto).where(and(eq(boleto.garantia_id, id), isNull(boleto.situacao))).orderBy(boleto.parcela);
    for (const b of boletos) await changeSituacao(tx, b.id, 'cancelarNaoLiberado', actor, `Garantia não autorizada: ${motivo}`);
    await emitirEvento(tx, 'garantia', { tipo: 'garantia.negada', recursoId: id, empresaId: row.empresa_id, dados: { motivo, observacao } });
    await recordAudit(tx, actor, { action: 'garantia.negar', entity: 'garantia', entityId: id, summary: { de: 'PENDENTE', para: 'NÃO AUTORIZADO', motivo, observacao } });
    return row;
  });
}
