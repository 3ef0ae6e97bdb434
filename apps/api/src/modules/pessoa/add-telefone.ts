import { and, count, eq, isNull } from 'drizzle-orm';
import { PESSOA_MSG, PESSOA_TELEFONE_MAX, type TelefoneInput } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { pessoaTelefone } from '../../db/schema/index.js';
import { AppError } from '../../errors/app-error.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Actor } from '../../shared/actor.js';
import { writableVisao } from './visoes.js';

/**
 * POST /api/pessoa/adicionaTelefone (telefone, contato, pessoa_id): an extra phone in the actor's
 * view of the person (an administrador: the shop it names, else its own view). At most
 * PESSOA_TELEFONE_MAX (20) per view, counted under the view's row lock, so two additions at once
 * cannot both pass; the 21st answers 409. Another shop's view is never touched nor counted.
 */
export async function addTelefone(db: Db, actor: Actor, input: TelefoneInput) {
  return db.transaction(async (tx) => {
    const visao = await writableVisao(tx, actor, input.pessoa_id, input.empresa_id);
    const daVisao = and(
      eq(pessoaTelefone.pessoa_id, input.pessoa_id),
      visao.empresa_id === null ? isNull(pessoaTelefone.empresa_id) : eq(pessoaTelefone.empresa_id, visao.empresa_id),
    );
    const [{ existing }] = await tx.select({ existing: count() }).from(pessoaTelefone).where(daVisao);
    if (existing >= PESSOA_TELEFONE_MAX) throw new AppError('CONFLICT', PESSOA_MSG.telefonesLimite);
    const [row] = await tx
      .insert(pessoaTelefone)
      .values({ pessoa_id: input.pessoa_id, empresa_id: visao.empresa_id, telefone: input.telefone, contato: input.contato, usuario_id: actor.id })
      .returning({ id: pessoaTelefone.id });
    await recordAudit(tx, actor, {
      action: 'pessoa.adicionaTelefone',
      entity: 'pessoa',
      entityId: input.pessoa_id,
      summary: { telefone_id: row.id, empresa_id: visao.empresa_id, telefone: input.telefone, contato: input.contato },
    });
    return row;
  });
}
