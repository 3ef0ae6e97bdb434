import { desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { onlyDigits } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { cpfSuspeito, usuario } from '../../db/schema/index.js';
import { offsetOf, paged } from '../../http/paging.js';

export type ListCpfsSuspeitosInput = { page: number; per_page: number; pesquisa?: string };

/** GET /api/cpfSuspeito/getAllPaginate (administradores): the suspect list, newest first. */
export async function listCpfsSuspeitos(db: Db, input: ListCpfsSuspeitosInput) {
  let where: SQL | undefined;
  if (input.pesquisa) {
    const digits = onlyDigits(input.pesquisa);
    const byMotivo = ilike(cpfSuspeito.motivo, `%${input.pesquisa}%`);
    where = digits.length >= 3 ? (or(byMotivo, ilike(cpfSuspeito.cpf_cnpj, `%${digits}%`)) as SQL) : byMotivo;
  }
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(cpfSuspeito).where(where);
  const rows = await db
    .select({ id: cpfSuspeito.id, cpf_cnpj: cpfSuspeito.cpf_cnpj, motivo: cpfSuspeito.motivo, usuario: usuario.name, created_at: cpfSuspeito.created_at })
    .from(cpfSuspeito)
    .leftJoin(usuario, eq(usuario.id, cpfSuspeito.usuario_id))
    .where(where)
    .orderBy(desc(cpfSuspeito.id))
    .limit(input.per_page)
    .offset(offsetOf(input.page, input.per_page));
  return paged(rows, Number(total), input.page, input.per_page);
}
