import { fromCents, toCents } from '@bg/domain';
import type { Db } from '../../db/client.js';
import type { Actor } from '../audit/record-audit.js';
import { loadPessoaInScope, readScope } from './pessoa-access.js';

/** GET /api/pessoa/getById/{id}: the whole record (renda as a JSON number); 404 outside scope. */
export async function getPessoa(db: Db, actor: Actor, id: number) {
  const row = await loadPessoaInScope(db, await readScope(db, actor), id);
  return { ...row, renda: row.renda === null ? null : fromCents(toCents(row.renda)) };
}
