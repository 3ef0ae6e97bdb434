import { and, desc, eq, ilike, or } from 'drizzle-orm';
import { type MensagemChannel, type MensagemStatus } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { mensagemOutbox, usuario } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { containing, pagedSelect } from '../../shared/paged-select.js';
import { ADMIN_ONLY, assertAdmin } from '../tenancy/access.js';

export type ListMensagensInput = { page: number; per_page: number; status?: MensagemStatus; channel?: MensagemChannel; pesquisa?: string };

/** GET /api/mensagem/getAllPaginate (administrador): the outbox, newest first. */
export async function listMensagens(db: Db, actor: Actor, input: ListMensagensInput) {
  assertAdmin(actor, ADMIN_ONLY);
  const text = input.pesquisa?.trim();
  const query = db
    .select({
      id: mensagemOutbox.id,
      channel: mensagemOutbox.channel,
      recipient: mensagemOutbox.recipient,
      subject: mensagemOutbox.subject,
      text: mensagemOutbox.text,
      link: mensagemOutbox.link,
      status: mensagemOutbox.status,
      attempts: mensagemOutbox.attempts,
      last_error: mensagemOutbox.last_error,
      entity: mensagemOutbox.entity,
      entity_id: mensagemOutbox.entity_id,
      created_by: usuario.name,
      created_at: mensagemOutbox.created_at,
      sent_at: mensagemOutbox.sent_at,
    })
    .from(mensagemOutbox)
    .leftJoin(usuario, eq(usuario.id, mensagemOutbox.created_by))
    .where(
      and(
        input.status ? eq(mensagemOutbox.status, input.status) : undefined,
        input.channel ? eq(mensagemOutbox.channel, input.channel) : undefined,
        text ? or(ilike(mensagemOutbox.recipient, containing(text)), ilike(mensagemOutbox.text, containing(text))) : undefined,
      ),
    )
    .$dynamic();
  return pagedSelect(db, query, { ...input, orderBy: [desc(mensagemOutbox.created_at), desc(mensagemOutbox.id)] });
}
