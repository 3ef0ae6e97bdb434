import { sql } from 'drizzle-orm';
import type { ContaCobrancaDados } from '@bg/domain';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { assertAdmin } from '../tenancy/access.js';
import { insertContaCobranca, type ContaCobrancaRow } from './insert-conta-cobranca.js';

/**
 * POST /api/contaCobranca/create (administrador): one more conta, active, with its own nosso-número
 * sequence; the first becomes the house default. The advisory lock is provisionContaFromConfig's,
 * so two first contas created together do not both try to be the default.
 */
export async function createContaCobranca(db: Db, actor: Actor, input: ContaCobrancaDados): Promise<ContaCobrancaRow> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727003)`);
    const conta = await insertContaCobranca(tx, input, 'ADMIN', actor.id);
    await recordAudit(tx, actor, { action: 'contaCobranca.create', entity: 'conta_cobranca', entityId: conta.id, summary: { ...input, padrao: conta.padrao } });
    return conta;
  });
}
