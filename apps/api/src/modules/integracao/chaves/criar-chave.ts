import { eq } from 'drizzle-orm';
import { CHAVE_MSG, type CriarChaveInput } from '@bg/domain';
import type { Db } from '../../../db/client.js';
import { empresa } from '../../../db/schema/index.js';
import { apiChave, apiChaveSegredo } from '../../../db/schema/integracao-chaves.js';
import { invalid, notFound } from '../../../errors/app-error.js';
import { recordAudit } from '../../audit/record-audit.js';
import { isAdministrador } from '../../tenancy/access.js';
import { assertGerenciaChaves, type GestorChaves } from './acesso.js';
import { normalizaIps } from './ips.js';
import { novoSegredo } from './segredo.js';

/**
 * A date (`AAAA-MM-DD`) means the end of that day in São Paulo (UTC−3 all year since 2019); a
 * date-time is taken as it is.
 */
export function expiraEmDe(expiraEm: string): Date {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(expiraEm) ? `${expiraEm}T23:59:59.999-03:00` : expiraEm);
}

/**
 * POST /api/integracao/chaves: a key for `empresa_id` (an administrador any shop, a user with the
 * permission its own — another shop's id is the 404 of a shop it cannot see), with its first
 * secret. The whole token is answered here once and never stored (its SHA-256 is).
 */
export async function criarChave(db: Db, actor: GestorChaves, input: CriarChaveInput, now: Date): Promise<{ id: number; prefixo: string; chave: string }> {
  assertGerenciaChaves(actor);
  if (!isAdministrador(actor) && input.empresa_id !== actor.empresa_id) throw notFound('Empresa');
  const ips = normalizaIps(input.ips);
  return db.transaction(async (tx) => {
    const [loja] = await tx.select({ id: empresa.id }).from(empresa).where(eq(empresa.id, input.empresa_id));
    if (!loja) throw notFound('Empresa');
    const expira = input.expira_em ? expiraEmDe(input.expira_em) : null;
    if (expira && !(expira.getTime() > now.getTime())) throw invalid({ expira_em: CHAVE_MSG.expiraPassado });
    const [chave] = await tx
      .insert(apiChave)
      .values({ empresa_id: loja.id, nome: input.nome, escopos: input.escopos, ips, expira_em: expira, criado_por: actor.id })
      .returning({ id: apiChave.id });
    const segredo = novoSegredo();
    await tx.insert(apiChaveSegredo).values({ chave_id: chave.id, prefixo: segredo.prefixo, hash: segredo.hash, criado_por: actor.id });
    await recordAudit(tx, actor, {
      action: 'integracao.chave.criar',
      entity: 'api_chave',
      entityId: chave.id,
      summary: { empresa_id: loja.id, nome: input.nome, escopos: input.escopos, ips, expira_em: expira, prefixo: segredo.prefixo },
    });
    return { id: chave.id, prefixo: segredo.prefixo, chave: segredo.chave };
  });
}
