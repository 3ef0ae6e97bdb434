import { fromCents, toCents, type PessoaJson } from '@bg/domain';
import type { Db } from '../../db/client.js';
import type { Actor } from '../audit/record-audit.js';
import { loadPessoaInScope, readScope, tipoPessoa } from './pessoa-access.js';

/** GET /api/pessoa/getById/{id}: the record (renda as a JSON number); 404 outside scope. */
export async function getPessoa(db: Db, actor: Actor, id: number): Promise<PessoaJson> {
  const row = await loadPessoaInScope(db, await readScope(db, actor), id);
  return { ...row, tipo_pessoa: tipoPessoa(row.tipo_pessoa), renda: row.renda === null ? null : fromCents(toCents(row.renda)) };
}
