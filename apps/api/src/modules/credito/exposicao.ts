import { sql } from 'drizzle-orm';
import { toCents } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';

/**
 * What counts as exposure for the policy's limits (docs/credito.md): the boletos of PENDENTE or
 * APROVADO guarantees not yet released (pending requests and approvals waiting for release), or
 * released and still expected to be paid — the same definition as the shop's limite_cpf_cnpj
 * (decision 020), across every shop for a document.
 */
const ABERTO = sql`g.status in ('PENDENTE', 'APROVADO')
       and (b.situacao is null or b.situacao in ('DISPONÍVEL PARA PAGAMENTO', 'ENVIADO PARA REGISTRO', 'GARANTIDO'))`;

const total = (r: unknown) => toCents((r as { rows: { total: string }[] }).rows[0]?.total ?? '0');

/** Open guaranteed value + pending requests of a CPF/CNPJ in every shop. */
export async function exposicaoDocumentoCents(db: DbOrTx, documento: string): Promise<number> {
  return total(await db.execute(sql`
    select coalesce(sum(b.valor), 0)::text as total
      from pessoa p join garantia g on g.pessoa_id = p.id join boleto b on b.garantia_id = g.id
     where p.cpf_cnpj = ${documento} and ${ABERTO}`));
}

/** Open guaranteed value + pending requests of one shop. */
export async function exposicaoLojaCents(db: DbOrTx, empresaId: number): Promise<number> {
  return total(await db.execute(sql`
    select coalesce(sum(b.valor), 0)::text as total
      from boleto b join garantia g on g.id = b.garantia_id
     where b.empresa_id = ${empresaId} and g.empresa_id = ${empresaId} and ${ABERTO}`));
}

/**
 * Serialises the requests of one shop while its limit is checked and the request written (a
 * transaction-scoped advisory lock; the document's own lock is its pessoa row, locked by the
 * request's upsert).
 */
export async function lockLoja(db: DbOrTx, empresaId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('credito.limite_loja'), ${empresaId})`);
}
