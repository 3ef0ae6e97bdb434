import { desc, eq } from 'drizzle-orm';
import { COBRANCA_MSG } from '@bg/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { pagadorAcesso, pessoa, type PagadorAcao, type PagadorMeio } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { pagedSelect } from '../../shared/paged-select.js';
import type { PageInput } from '../../shared/paging.js';
import type { PublicClient } from '../assinatura/public-access.js';
import { assertAdmin } from '../tenancy/access.js';

/**
 * The payer page's access log (LGPD art. 37; migration 0160): who (the person, when known), what,
 * from which address and browser. Written by every public call of the page, refused ones included.
 */
export async function registrarAcessoPagador(
  db: DbOrTx,
  client: PublicClient,
  entry: { pessoaId: number | null; acao: PagadorAcao; meio?: PagadorMeio | null; boletoId?: number | null; detalhe?: string | null },
): Promise<void> {
  await db.insert(pagadorAcesso).values({
    pessoa_id: entry.pessoaId,
    acao: entry.acao,
    meio: entry.meio ?? null,
    boleto_id: entry.boletoId ?? null,
    detalhe: entry.detalhe?.slice(0, 200) ?? null,
    ip: client.ip.slice(0, 64),
    user_agent: client.userAgent?.slice(0, 300) ?? null,
  });
}

/** GET /api/pagador/acessos/{id} (administradores): the person's accesses to the payer page, newest first. */
export async function listAcessosPagador(db: Db, actor: Actor, pessoaId: number, input: PageInput) {
  assertAdmin(actor, COBRANCA_MSG.somenteAdministrador);
  const [found] = await db.select({ id: pessoa.id }).from(pessoa).where(eq(pessoa.id, pessoaId));
  if (!found) throw notFound('Pessoa');
  const query = db
    .select({
      id: pagadorAcesso.id,
      created_at: pagadorAcesso.created_at,
      acao: pagadorAcesso.acao,
      meio: pagadorAcesso.meio,
      boleto_id: pagadorAcesso.boleto_id,
      detalhe: pagadorAcesso.detalhe,
      ip: pagadorAcesso.ip,
      user_agent: pagadorAcesso.user_agent,
    })
    .from(pagadorAcesso)
    .where(eq(pagadorAcesso.pessoa_id, pessoaId))
    .$dynamic();
  return pagedSelect(db, query, { ...input, orderBy: [desc(pagadorAcesso.created_at), desc(pagadorAcesso.id)] });
}
