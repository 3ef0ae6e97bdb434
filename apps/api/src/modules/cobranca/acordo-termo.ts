import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pessoa } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { credorAtual } from './credor.js';
import { getAcordo } from './get-acordo.js';

export type AcordoTermo = Awaited<ReturnType<typeof acordoTermoData>>;

/**
 * GET /api/acordo/getTermo/{id}: what the agreement term prints — the acordo as stored (debts,
 * composition, plan), the debtor's address and the creditor (beneficiary of the conta de cobrança).
 * Read before the PDF starts, so a refusal is still a JSON answer.
 */
export async function acordoTermoData(db: Db, actor: Actor, id: number) {
  const acordo = await getAcordo(db, actor, id);
  const [devedor] = await db
    .select({
      cep: pessoa.cep,
      endereco: pessoa.endereco,
      numero: pessoa.numero,
      complemento: pessoa.complemento,
      bairro: pessoa.bairro,
      cidade: pessoa.cidade,
      uf: pessoa.uf,
    })
    .from(pessoa)
    .where(eq(pessoa.id, acordo.pessoa_id));
  return { ...acordo, devedor, credor: await credorAtual(db) };
}
