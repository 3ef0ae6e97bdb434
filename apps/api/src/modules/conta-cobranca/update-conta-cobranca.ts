import { eq, sql } from 'drizzle-orm';
import { layoutPadrao, type ContaCobrancaDados } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { contaCobranca } from '../../db/schema/index.js';
import { empresaConta } from '../../db/schema/empresa-conta.js';
import { wrongState } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { diffFields, recordAudit } from '../audit/record-audit.js';
import { insertContaCobranca, type ContaCobrancaRow } from './insert-conta-cobranca.js';

/** Fields that go into the barcode or the bank's files: changing any of them means another account, not an edit. */
const IDENTITY = ['banco', 'agencia', 'conta', 'codigo_beneficiario', 'carteira', 'layout_cnab'] as const;

/**
 * Edits a conta inside the caller's transaction (the row already locked by the caller). Name, CNPJ,
 * address and Pix key change in place. A change of bank, agência, conta, código do beneficiário,
 * carteira or layout puts a new conta in its place: the old one is deactivated (its boletos keep
 * printing with it, its sequence is never reused), the new one inherits its house-default mark and
 * the shops that used it, so numbering goes on where the administrador expects.
 */
export async function updateContaLocked(tx: DbOrTx, actor: Actor, current: ContaCobrancaRow, input: ContaCobrancaDados): Promise<{ conta: ContaCobrancaRow; nova: boolean }> {
  if (!current.ativa) throw wrongState('Esta conta de cobrança está desativada: reative-a antes de alterá-la.');
  const next = { ...input, layout_cnab: input.layout_cnab ?? layoutPadrao(input.banco) ?? current.layout_cnab };
  const sameIdentity = IDENTITY.every((k) => String(current[k] ?? '') === String(next[k] ?? ''));
  if (sameIdentity) {
    const changes = diffFields(current, next);
    const [conta] = await tx.update(contaCobranca).set({ ...next, updated_at: sql`now()` }).where(eq(contaCobranca.id, current.id)).returning();
    await recordAudit(tx, actor, { action: 'contaCobranca.update', entity: 'conta_cobranca', entityId: conta.id, summary: changes });
    return { conta, nova: false };
  }
  await tx.update(contaCobranca).set({ ativa: false, padrao: false, updated_at: sql`now()` }).where(eq(contaCobranca.id, current.id));
  const conta = await insertContaCobranca(tx, next, 'ADMIN', actor.id, { padrao: current.padrao });
  const lojas = await tx.update(empresaConta).set({ conta_cobranca_id: conta.id }).where(eq(empresaConta.conta_cobranca_id, current.id)).returning({ id: empresaConta.id });
  await recordAudit(tx, actor, {
    action: 'contaCobranca.create',
    entity: 'conta_cobranca',
    entityId: conta.id,
    summary: { ...next, substitui: current.id, padrao: conta.padrao, lojas: lojas.map((l) => l.id) },
  });
  return { conta, nova: true };
}
