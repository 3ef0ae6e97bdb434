import { eq } from 'drizzle-orm';
import { FINANCEIRO_MSG } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { empresa } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { isAdministrador } from '../tenancy/access.js';
import { assertVisible, empresaScope } from '../tenancy/scope.js';

/**
 * The shop whose Extrato the actor asks for (DOMAIN.md Tenancy): an usuario its own (the default
 * when none is named), a franqueado its own or its franchisees' (read only, as everything it sees
 * of them), an administrador any shop — which it must name. Another shop answers 404, as if it did
 * not exist.
 */
export async function lojaDoExtrato(db: DbOrTx, actor: Actor, empresaId: number | undefined) {
  const id = empresaId ?? (isAdministrador(actor) ? undefined : actor.empresa_id ?? undefined);
  if (id === undefined) throw new AppError('VALIDATION', FINANCEIRO_MSG.escolhaLoja, { errors: { empresa_id: FINANCEIRO_MSG.escolhaLoja } });
  assertVisible(await empresaScope(db, actor), id, 'Empresa');
  const [row] = await db.select({ id: empresa.id, fantasia: empresa.fantasia, razao: empresa.razao, cnpj: empresa.cnpj }).from(empresa).where(eq(empresa.id, id));
  if (!row) throw notFound('Empresa');
  return row;
}
