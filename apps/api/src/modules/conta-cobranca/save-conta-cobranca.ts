import { eq, sql } from 'drizzle-orm';
import { type ContaCobrancaInput } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { contaCobranca } from '../../db/schema/index.js';
import { diffFields, recordAudit } from '../audit/record-audit.js';
import type { Actor } from '../../shared/actor.js';
import { insertContaCobranca, type ContaCobrancaRow } from './insert-conta-cobranca.js';
import { assertAdmin } from '../tenancy/access.js';

/** Fields that go into the barcode: changing any of them means another account, not an edit. */
const IDENTITY = ['banco', 'agencia', 'conta', 'codigo_beneficiario', 'carteira'] as const;

/**
 * POST /api/contaCobranca/save (administrador). The first save creates the account and its
 * nosso-número sequence. Later saves edit name, CNPJ, address and Pix key in place; a change of
 * bank, agência, conta, código do beneficiário or carteira retires the old account (its boletos
 * keep printing with it) and creates a new one with a fresh sequence, so no number is reused.
 */
export async function saveContaCobranca(db: Db, actor: Actor, input: ContaCobrancaInput): Promise<{ conta: ContaCobrancaRow; nova: boolean }> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(contaCobranca).where(eq(contaCobranca.ativa, true)).for('update');
    const sameIdentity = current && IDENTITY.every((k) => String(current[k] ?? '') === String(input[k] ?? ''));
    if (current && sameIdentity) {
      const changes = diffFields(current, input);
      const [conta] = await tx.update(contaCobranca).set({ ...input, updated_at: sql`now()` }).where(eq(contaCobranca.id, current.id)).returning();
      await recordAudit(tx, actor, { action: 'contaCobranca.update', entity: 'conta_cobranca', entityId: conta.id, summary: changes });
      return { conta, nova: false };
    }
    if (current) {
      await tx.update(contaCobranca).set({ ativa: false, updated_at: sql`now()` }).where(eq(contaCobranca.id, current.id));
    }
    const conta = await insertContaCobranca(tx, input, 'ADMIN', actor.id);
    await recordAudit(tx, actor, {
      action: 'contaCobranca.create',
      entity: 'conta_cobranca',
      entityId: conta.id,
      summary: { ...input, substitui: current?.id ?? null },
    });
    return { conta, nova: true };
  });
}
