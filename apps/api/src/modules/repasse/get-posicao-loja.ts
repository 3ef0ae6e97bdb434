import { eq } from 'drizzle-orm';
import { fromCents, planRepasse } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { empresa } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { posicaoDaLoja } from '../ledger/saldos.js';
import { ADMIN_ONLY, assertAdmin } from '../tenancy/access.js';

/**
 * GET /api/razao/getPosicaoLoja/{id} (administrador): what the guarantor and the shop owe each
 * other now, from the ledger, and the most a repasse may pay (planRepasse: what the shop owes is
 * netted first).
 */
export async function getPosicaoLoja(db: DbOrTx, actor: Actor, empresaId: number) {
  assertAdmin(actor, ADMIN_ONLY);
  const [e] = await db.select({ id: empresa.id }).from(empresa).where(eq(empresa.id, empresaId));
  if (!e) throw notFound('Empresa');
  const p = await posicaoDaLoja(db, empresaId);
  const plan = planRepasse(p.aPagarCents, p.aReceberCents, 0);
  return {
    empresa_id: empresaId,
    a_pagar: fromCents(p.aPagarCents),
    a_receber: fromCents(p.aReceberCents),
    a_repassar: fromCents(plan.maximoCents),
    antecipacoes_a_recuperar: fromCents(p.antecipacoesARecuperarCents),
  };
}
