import { fromCents, toCents, type PessoaJson } from '@bg/domain';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../shared/actor.js';
import { recordDataAccess } from '../lgpd/record-acesso.js';
import { loadPessoaInScope, tipoPessoa } from './pessoa-access.js';
import { empresaScope } from '../tenancy/scope.js';

/**
 * GET /api/pessoa/getById/{id}: the record (renda as a JSON number); 404 outside scope. Answering
 * the income is logged for LGPD (also when getInadimplenteById answers it through here).
 */
export async function getPessoa(db: Db, actor: Actor, id: number): Promise<PessoaJson> {
  const row = await loadPessoaInScope(db, await empresaScope(db, actor), id);
  if (row.renda !== null) await recordDataAccess(db, actor, row.id, ['renda']);
  return { ...row, tipo_pessoa: tipoPessoa(row.tipo_pessoa), renda: row.renda === null ? null : fromCents(toCents(row.renda)) };
}
