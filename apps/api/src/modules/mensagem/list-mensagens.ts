import { and, asc, desc, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import { addDays, type IsoDate, type MensagemChannel, type MensagemStatus, type MensagemTipo } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { mensagemEvento, mensagemOutbox, pessoa, usuario } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { containing, pagedSelect } from '../../shared/paged-select.js';
import { ADMIN_ONLY, assertAdmin } from '../tenancy/access.js';

export type ListMensagensInput = {
  page: number;
  per_page: number;
  status?: MensagemStatus;
  channel?: MensagemChannel;
  tipo?: MensagemTipo;
  de?: string;
  ate?: string;
  pesquisa?: string;
};

/** A calendar day's start in São Paulo, as a timestamptz. */
const inicioDoDia = (date: string) => sql`(${date}::date)::timestamp AT TIME ZONE 'America/Sao_Paulo'`;

const columns = {
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
  tipo: mensagemOutbox.tipo,
  base_legal: mensagemOutbox.base_legal,
  pessoa_id: mensagemOutbox.pessoa_id,
  pessoa_nome: pessoa.nome_razao,
  provider: mensagemOutbox.provider,
  provider_id: mensagemOutbox.provider_id,
  erro_codigo: mensagemOutbox.erro_codigo,
  delivered_at: mensagemOutbox.delivered_at,
  read_at: mensagemOutbox.read_at,
  whatsapp_template: mensagemOutbox.whatsapp_template,
  anexos_json: mensagemOutbox.anexos,
};

type Row = { anexos_json: { filename: string }[] } & Record<string, unknown>;
const withAnexos = <R extends Row>({ anexos_json, ...rest }: R) => ({ ...rest, anexos: anexos_json.map((a) => a.filename) });

/** GET /api/mensagem/getAllPaginate (administrador): the outbox, newest first, with its filters. */
export async function listMensagens(db: Db, actor: Actor, input: ListMensagensInput) {
  assertAdmin(actor, ADMIN_ONLY);
  const text = input.pesquisa?.trim();
  const query = db
    .select(columns)
    .from(mensagemOutbox)
    .leftJoin(usuario, eq(usuario.id, mensagemOutbox.created_by))
    .leftJoin(pessoa, eq(pessoa.id, mensagemOutbox.pessoa_id))
    .where(
      and(
        input.status ? eq(mensagemOutbox.status, input.status) : undefined,
        input.channel ? eq(mensagemOutbox.channel, input.channel) : undefined,
        input.tipo ? eq(mensagemOutbox.tipo, input.tipo) : undefined,
        input.de ? gte(mensagemOutbox.created_at, inicioDoDia(input.de)) : undefined,
        input.ate ? lt(mensagemOutbox.created_at, inicioDoDia(addDays(input.ate as IsoDate, 1))) : undefined,
        text
          ? or(
              ilike(mensagemOutbox.recipient, containing(text)),
              ilike(mensagemOutbox.text, containing(text)),
              ilike(pessoa.nome_razao, containing(text)),
              ilike(mensagemOutbox.provider_id, containing(text)),
            )
          : undefined,
      ),
    )
    .$dynamic();
  const page = await pagedSelect(db, query, { ...input, orderBy: [desc(mensagemOutbox.created_at), desc(mensagemOutbox.id)] });
  return { ...page, data: page.data.map(withAnexos) };
}

/** GET /api/mensagem/getById/{id} (administrador): one message with its timeline. */
export async function getMensagem(db: Db, actor: Actor, id: number) {
  assertAdmin(actor, ADMIN_ONLY);
  const [row] = await db
    .select({ ...columns, html: mensagemOutbox.html, whatsapp_vars: mensagemOutbox.whatsapp_vars })
    .from(mensagemOutbox)
    .leftJoin(usuario, eq(usuario.id, mensagemOutbox.created_by))
    .leftJoin(pessoa, eq(pessoa.id, mensagemOutbox.pessoa_id))
    .where(eq(mensagemOutbox.id, id));
  if (!row) throw notFound('Mensagem');
  const eventos = await db
    .select({ id: mensagemEvento.id, status: mensagemEvento.status, at: mensagemEvento.at, detalhe: mensagemEvento.detalhe })
    .from(mensagemEvento)
    .where(eq(mensagemEvento.mensagem_id, id))
    .orderBy(asc(mensagemEvento.id));
  return { ...withAnexos(row), eventos };
}
