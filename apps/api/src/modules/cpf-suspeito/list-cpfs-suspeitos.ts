import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cpfSuspeito, usuario } from '../../db/schema/index.js';
import { pagedSelect, textSearch } from '../../shared/paged-select.js';

export type ListCpfsSuspeitosInput = { page: number; per_page: number; pesquisa?: string };

/** GET /api/cpfSuspeito/getAllPaginate (administradores): the suspect list, newest first. */
export async function listCpfsSuspeitos(db: Db, input: ListCpfsSuspeitosInput) {
  const query = db
    .select({ id: cpfSuspeito.id, cpf_cnpj: cpfSuspeito.cpf_cnpj, motivo: cpfSuspeito.motivo, usuario: usuario.name, created_at: cpfSuspeito.created_at })
    .from(cpfSuspeito)
    .leftJoin(usuario, eq(usuario.id, cpfSuspeito.usuario_id))
    .where(textSearch(input.pesquisa, { text: [cpfSuspeito.motivo], digits: [cpfSuspeito.cpf_cnpj] }))
    .$dynamic();
  return pagedSelect(db, query, { ...input, orderBy: [desc(cpfSuspeito.id)] });
}
