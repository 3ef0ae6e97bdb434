import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { empresa } from '../../db/schema/index.js';
import { notFound, wrongState } from '../../errors/app-error.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Actor } from '../../shared/actor.js';

import type { EmpresaSituacao } from '@bg/domain';
import { assertAdmin } from '../tenancy/access.js';

/**
 * POST /api/empresa/enable/{id} and /disable/{id} (administradores). A blocked empresa's users
 * are refused at their next request (the session user is reloaded every time) and at login.
 * Guarded update: two admins pressing Bloquear at once change it once; the other gets a 409.
 */
export async function setEmpresaSituacao(db: Db, actor: Actor, id: number, situacao: EmpresaSituacao) {
  assertAdmin(actor);
  const from: EmpresaSituacao = situacao === 'ATIVA' ? 'BLOQUEADA' : 'ATIVA';
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(empresa)
      .set({ situacao, updated_at: sql`now()` })
      .where(and(eq(empresa.id, id), eq(empresa.situacao, from)))
      .returning({ id: empresa.id, fantasia: empresa.fantasia });
    if (!row) {
      const [exists] = await tx.select({ id: empresa.id }).from(empresa).where(eq(empresa.id, id));
      if (!exists) throw notFound('Empresa');
      throw wrongState(situacao === 'ATIVA' ? 'A empresa já está ativa.' : 'A empresa já está bloqueada.');
    }
    await recordAudit(tx, actor, {
      action: situacao === 'ATIVA' ? 'empresa.enable' : 'empresa.disable',
      entity: 'empresa',
      entityId: id,
      summary: { situacao: { before: from, after: situacao } },
    });
    return { id, situacao };
  });
}
