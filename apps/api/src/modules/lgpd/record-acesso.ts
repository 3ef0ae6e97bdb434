import { sql } from 'drizzle-orm';
import type { LgpdRecurso } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { acessoDadosPessoais } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';

/**
 * The LGPD access log (docs/decisions/095): a use-case that answers a person's documents, income
 * (renda) or bureau results calls this after its scope checks passed, with what the answer
 * carried. Who, which person, what, which route (`actor.rota`, set by http/auth.ts), from where.
 */
export async function recordDataAccess(db: DbOrTx, actor: Actor, pessoaId: number, recursos: readonly LgpdRecurso[]): Promise<void> {
  if (!recursos.length) return;
  await db.insert(acessoDadosPessoais).values(
    recursos.map((recurso) => ({
      usuario_id: actor.id,
      pessoa_id: pessoaId,
      recurso,
      rota: actor.rota?.slice(0, 200) ?? null,
      ip: actor.ip?.slice(0, 64) ?? null,
    })),
  );
}

/** The same for data reached through a guarantee: the person is the guarantee's (one statement). */
export async function recordDataAccessOfGarantia(db: DbOrTx, actor: Actor, garantiaId: number, recursos: readonly LgpdRecurso[]): Promise<void> {
  for (const recurso of recursos) {
    await db.execute(sql`
      INSERT INTO acesso_dados_pessoais (usuario_id, pessoa_id, recurso, rota, ip)
      SELECT ${actor.id}, g.pessoa_id, ${recurso}, ${actor.rota?.slice(0, 200) ?? null}, ${actor.ip?.slice(0, 64) ?? null}
      FROM garantia g WHERE g.id = ${garantiaId}`);
  }
}
