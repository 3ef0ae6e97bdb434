import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mensagemOutbox } from '../../db/schema/index.js';
import type { FileLinkSigner } from '../files/signed-link.js';
import { canalRecusado, registrarConsentimento } from './consentimento.js';

/**
 * Leaving e-mail from the e-mail itself (docs/messaging.md "Descadastro"): each e-mail to a person
 * carries a visible "descadastrar" link and the List-Unsubscribe / List-Unsubscribe-Post headers
 * (RFC 2369, RFC 8058) with the same address, `/api/mensagem/descadastro/<token>`.
 *
 * The token names the message, not the person — `<mensagem id>.<expiry>.<HMAC>` signed with the
 * file links' secret (FILE_LINK_SECRET, else JWT_SECRET) under the name `descadastro-<id>`, so
 * neither kind of link can stand for the other — and the person is the message's own. It is valid
 * for DESCADASTRO_VALIDADE_DIAS: long enough for an e-mail read months later, not for ever.
 */
export const DESCADASTRO_VALIDADE_DIAS = 180;

const nome = (mensagemId: number) => `descadastro-${mensagemId}`;

/** The absolute address of the message's descadastro (the e-mail's link and List-Unsubscribe). */
export function linkDescadastro(links: FileLinkSigner, baseUrl: string, mensagemId: number): string {
  const signed = new URL(links.url(nome(mensagemId), DESCADASTRO_VALIDADE_DIAS * 86_400), 'http://assinatura.invalid');
  const token = `${mensagemId}.${signed.searchParams.get('exp')}.${signed.searchParams.get('sig')}`;
  return `${baseUrl.replace(/\/+$/, '')}/api/mensagem/descadastro/${token}`;
}

/** The message a token stands for, or null when it is malformed, forged or expired. */
export function mensagemDoToken(links: FileLinkSigner, token: string): number | null {
  const m = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{10,100})$/.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  return links.verify(nome(id), m[2], m[3]) ? id : null;
}

export type Descadastro = 'descadastrado' | 'ja_descadastrado' | 'invalido';

/**
 * The person of the token's message leaves e-mail: a `mensagem_consentimento` row (channel email,
 * not accepted, origem `email` — "Link no e-mail" — with the message in its detail). Idempotent: a
 * person already out of e-mail records nothing (a second click, the mail client's one-click POST
 * after the page's button); the person's row is locked so two at once record one choice.
 */
export async function descadastrarPorLink(db: Db, links: FileLinkSigner, token: string): Promise<Descadastro> {
  const mensagemId = mensagemDoToken(links, token);
  if (mensagemId === null) return 'invalido';
  const [msg] = await db.select({ pessoa_id: mensagemOutbox.pessoa_id, channel: mensagemOutbox.channel }).from(mensagemOutbox).where(eq(mensagemOutbox.id, mensagemId));
  if (!msg || msg.pessoa_id === null || msg.channel !== 'email') return 'invalido';
  const pessoaId = msg.pessoa_id;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from pessoa where id = ${pessoaId} for update`);
    if (await canalRecusado(tx, pessoaId, 'email')) return 'ja_descadastrado';
    await registrarConsentimento(tx, { pessoaId, channel: 'email', aceito: false, origem: 'email', detalhe: `Link de descadastro da mensagem ${mensagemId}` });
    return 'descadastrado';
  });
}
