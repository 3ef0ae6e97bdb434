import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pessoaVisao } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { credorAtual } from './credor.js';
import { getAcordo } from './get-acordo.js';

export type AcordoTermo = Awaited<ReturnType<typeof acordoTermoData>>;

/**
 * GET /api/acordo/getTermo/{id}: what the agreement term prints — the acordo as stored (debts,
 * composition, plan), the debtor's address — of the most recently changed view that has one
 * (decision 104: the administradores read every shop's) — and the creditor (beneficiary of the
 * conta de cobrança).
 * Read before the PDF starts, so a refusal is still a JSON answer.
 */
export async function acordoTermoData(db: Db, actor: Actor, id: number) {
  const acordo = await getAcordo(db, actor, id);
  const [devedor] = await db
    .select({
      cep: pessoaVisao.cep,
      endereco: pessoaVisao.endereco,
      numero: pessoaVisao.numero,
      complemento: pessoaVisao.complemento,
      bairro: pessoaVisao.bairro,
      cidade: pessoaVisao.cidade,
      uf: pessoaVisao.uf,
    })
    .from(pessoaVisao)
    .where(eq(pessoaVisao.pessoa_id, acordo.pessoa_id))
    .orderBy(sql`${pessoaVisao.endereco} is null`, desc(pessoaVisao.updated_at), desc(pessoaVisao.id))
    .limit(1);
  return { ...acordo, devedor, credor: await credorAtual(db) };
}
