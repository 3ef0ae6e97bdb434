import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { boleto } from '../../db/schema/index.js';
import { boletoExtra } from '../../db/schema/boleto-extra.js';
import type { Actor } from '../../shared/actor.js';
import { applyBoletoAction } from './apply-boleto-action.js';

/** 32 random bytes, base64url: the only key to the public receipt (no id in its address). */
export function newComprovanteToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * POST /api/boleto/baixar/{id}: the customer paid the shop directly. Administradores, or the
 * shop's own users through "Receber" (DOMAIN.md). The boleto goes to ENVIADO PARA BAIXA and gets
 * the token of its public receipt (comprovante), in the same transaction.
 */
export async function baixarBoleto(db: Db, actor: Actor, id: number, motivo?: string | null) {
  const { change, result } = await applyBoletoAction(
    db,
    actor,
    id,
    'baixar',
    { ownEmpresaMayAct: true, motivo: motivo || 'Recebido pela loja (baixa)' },
    async (tx) => {
      const token = newComprovanteToken();
      await tx.update(boleto).set({ comprovante_token: token }).where(eq(boleto.id, id));
      await tx.update(boletoExtra).set({ comprovante_em: sql`now()`, comprovante_por: actor.id }).where(eq(boletoExtra.id, id));
      return token;
    },
  );
  return { ...change, comprovante_token: result as string };
}
