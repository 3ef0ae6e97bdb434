import { desc, eq } from 'drizzle-orm';
import { MENSAGEM_CHANNELS, type MensagemChannel } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { mensagemConsentimento, pessoa, usuario } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { ADMIN_ONLY, assertAdmin } from '../tenancy/access.js';
import { registrarConsentimento } from './consentimento.js';

async function assertPessoa(db: Db, id: number) {
  const [p] = await db.select({ id: pessoa.id }).from(pessoa).where(eq(pessoa.id, id));
  if (!p) throw notFound('Pessoa');
}

/** GET /api/mensagem/consentimento/{id} (administrador): each channel's current choice and the history. */
export async function getConsentimento(db: Db, actor: Actor, pessoaId: number) {
  assertAdmin(actor, ADMIN_ONLY);
  await assertPessoa(db, pessoaId);
  const historico = await db
    .select({
      id: mensagemConsentimento.id,
      channel: mensagemConsentimento.channel,
      aceito: mensagemConsentimento.aceito,
      origem: mensagemConsentimento.origem,
      detalhe: mensagemConsentimento.detalhe,
      created_by: usuario.name,
      created_at: mensagemConsentimento.created_at,
    })
    .from(mensagemConsentimento)
    .leftJoin(usuario, eq(usuario.id, mensagemConsentimento.created_by))
    .where(eq(mensagemConsentimento.pessoa_id, pessoaId))
    .orderBy(desc(mensagemConsentimento.created_at), desc(mensagemConsentimento.id));
  const canais = MENSAGEM_CHANNELS.map((channel) => ({ channel, atual: historico.find((h) => h.channel === channel) ?? null }));
  return { canais, historico };
}

/**
 * POST /api/mensagem/consentimento/{id} (administrador): records that the person accepted or left a
 * channel, told to an operator (origem 'operador'), with the operator and the reason; audited.
 */
export async function registrarConsentimentoOperador(db: Db, actor: Actor, pessoaId: number, input: { channel: MensagemChannel; aceito: boolean; detalhe?: string | null }) {
  assertAdmin(actor, ADMIN_ONLY);
  await assertPessoa(db, pessoaId);
  await db.transaction(async (tx) => {
    await registrarConsentimento(tx, { pessoaId, channel: input.channel, aceito: input.aceito, origem: 'operador', detalhe: input.detalhe ?? null, actorId: actor.id });
    await recordAudit(tx, actor, { action: 'mensagem.consentimento', entity: 'pessoa', entityId: pessoaId, summary: { channel: input.channel, aceito: input.aceito, detalhe: input.detalhe ?? null } });
  });
}
