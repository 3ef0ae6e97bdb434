import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, or } from 'drizzle-orm';
import { isValidPhone } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { mensagemOutbox, pessoaTelefone, pessoaVisao, whatsappRecebida } from '../../db/schema/index.js';
import type { JobQueue } from '../../jobs/index.js';
import { registrarConsentimento } from './consentimento.js';
import { enqueueMensagem, sendMensagemJob } from './enqueue-mensagem.js';
import { mudarEstado } from './estado-mensagem.js';
import { MODELOS_WHATSAPP } from './modelos-whatsapp.js';

/**
 * The WhatsApp Cloud API's webhook (docs/messaging.md "Canais"): Meta POSTs JSON
 *
 *   { "object": "whatsapp_business_account",
 *     "entry": [{ "id": "<WABA id>", "changes": [{ "field": "messages", "value": {
 *        "messaging_product": "whatsapp", "metadata": { "display_phone_number", "phone_number_id" },
 *        "statuses": [{ "id": "wamid…", "status": "sent|delivered|read|failed", "timestamp": "1700000000",
 *                       "recipient_id": "5511…", "errors": [{ "code": 131026, "title": "…", "message": "…",
 *                       "error_data": { "details": "…" } }] }],
 *        "contacts": [{ "wa_id": "5511…", "profile": { "name": "…" } }],
 *        "messages": [{ "from": "5511…", "id": "wamid…", "timestamp": "…", "type": "text", "text": { "body": "SAIR" } }]
 *     } }] }] }
 *
 * signed with `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body with the app secret>`.
 * Statuses move the outbox message found by its wamid (estado-mensagem.ts: repeated or late
 * statuses change nothing); inbound messages are recorded once (by their wamid), linked to the
 * person whose phone it is, and open the 24 h window; "SAIR" or "PARAR" as the whole message is
 * that person's opt-out of WhatsApp, confirmed by a reply.
 */

/** Whether `header` is the HMAC-SHA256 of the raw body with the app secret (constant-time). No secret: nothing is valid. */
export function assinaturaWhatsappValida(rawBody: Buffer | string, header: string | undefined, secret: string | null): boolean {
  if (!secret || !header) return false;
  const m = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!m) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = Buffer.from(m[1], 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** "SAIR" / "PARAR" as the whole message, in any case, with or without accents and a final period or exclamation. */
export function pedidoDeSaida(texto: string | null | undefined): boolean {
  if (!texto) return false;
  const t = texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .replace(/[.!]+$/, '')
    .trim()
    .toUpperCase();
  return t === 'SAIR' || t === 'PARAR';
}

/** The national numbers a WhatsApp id may be (55 + DDD + number; older mobiles without the ninth digit). */
export function telefonesNacionais(waId: string): string[] {
  const digits = waId.replace(/\D/g, '');
  const national = digits.startsWith('55') && (digits.length === 12 || digits.length === 13) ? digits.slice(2) : digits;
  const out = [national];
  if (national.length === 10 && /^[6-9]/.test(national.slice(2))) out.push(`${national.slice(0, 2)}9${national.slice(2)}`);
  if (national.length === 11 && national[2] === '9') out.push(`${national.slice(0, 2)}${national.slice(3)}`);
  return out;
}

/** The people with this phone in any view or phone list, lowest id first. */
async function pessoasDoTelefone(db: Db, waId: string): Promise<number[]> {
  const phones = telefonesNacionais(waId);
  const a = await db
    .select({ id: pessoaVisao.pessoa_id })
    .from(pessoaVisao)
    .where(or(inArray(pessoaVisao.telefone1, phones), inArray(pessoaVisao.telefone2, phones)));
  const b = await db.select({ id: pessoaTelefone.pessoa_id }).from(pessoaTelefone).where(inArray(pessoaTelefone.telefone, phones));
  return [...new Set([...a, ...b].map((r) => r.id))].sort((x, y) => x - y);
}

type StatusPayload = { id?: unknown; status?: unknown; timestamp?: unknown; errors?: { code?: unknown; title?: unknown; message?: unknown; error_data?: { details?: unknown } }[] };
type InboundPayload = { from?: unknown; id?: unknown; timestamp?: unknown; type?: unknown; text?: { body?: unknown }; button?: { text?: unknown }; interactive?: unknown };

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);
const quando = (ts: unknown, fallback: Date) => {
  const n = Number(str(ts));
  return Number.isFinite(n) && n > 0 ? new Date(n * 1000) : fallback;
};

export type WebhookResultado = { statuses: number; alterados: number; recebidas: number; saidas: number };

/** Applies one verified webhook payload. Idempotent: Meta's retries and duplicates change nothing twice. */
export async function receberWebhookWhatsapp(db: Db, jobs: JobQueue, payload: unknown, now: Date): Promise<WebhookResultado> {
  const result: WebhookResultado = { statuses: 0, alterados: 0, recebidas: 0, saidas: 0 };
  const entries = Array.isArray((payload as { entry?: unknown })?.entry) ? ((payload as { entry: unknown[] }).entry as { changes?: unknown }[]) : [];
  for (const entry of entries) {
    const changes = Array.isArray(entry?.changes) ? (entry.changes as { field?: unknown; value?: { statuses?: unknown; messages?: unknown } }[]) : [];
    for (const change of changes) {
      const value = change?.value ?? {};
      for (const s of (Array.isArray(value.statuses) ? value.statuses : []) as StatusPayload[]) {
        result.statuses++;
        if (await aplicarStatus(db, s, now)) result.alterados++;
      }
      for (const m of (Array.isArray(value.messages) ? value.messages : []) as InboundPayload[]) {
        const r = await registrarRecebida(db, jobs, m, now);
        if (r.nova) result.recebidas++;
        if (r.saida) result.saidas++;
      }
    }
  }
  if (result.saidas) jobs.wake(sendMensagemJob);
  return result;
}

async function aplicarStatus(db: Db, s: StatusPayload, now: Date): Promise<boolean> {
  const wamid = str(s.id);
  const status = str(s.status);
  if (!wamid || !status) return false;
  const [row] = await db
    .select({ id: mensagemOutbox.id })
    .from(mensagemOutbox)
    .where(and(eq(mensagemOutbox.provider, 'whatsapp_cloud'), eq(mensagemOutbox.provider_id, wamid)));
  if (!row) return false;
  const at = quando(s.timestamp, now);
  if (status === 'sent') return mudarEstado(db, row.id, 'sent', { at, detalhe: 'WhatsApp: enviada' });
  if (status === 'delivered') return mudarEstado(db, row.id, 'delivered', { at, detalhe: 'WhatsApp: entregue no aparelho' });
  if (status === 'read') return mudarEstado(db, row.id, 'read', { at, detalhe: 'WhatsApp: lida' });
  if (status === 'failed') {
    const e = Array.isArray(s.errors) ? s.errors[0] : undefined;
    const code = str(e?.code);
    const reason = [code, str(e?.title) ?? str(e?.message), str(e?.error_data?.details)].filter(Boolean).join(' — ') || 'falha sem motivo informado';
    return mudarEstado(db, row.id, 'failed', { at, detalhe: `WhatsApp: ${reason}`, campos: { last_error: `whatsapp: ${reason}`.slice(0, 1000), erro_codigo: code?.slice(0, 40) ?? null } });
  }
  return false; // other statuses (deleted, warning…) are not part of the state machine
}

async function registrarRecebida(db: Db, jobs: JobQueue, m: InboundPayload, now: Date): Promise<{ nova: boolean; saida: boolean }> {
  const wamid = str(m.id);
  const from = str(m.from)?.replace(/\D/g, '');
  if (!wamid || !from) return { nova: false, saida: false };
  const tipo = (str(m.type) ?? 'desconhecido').slice(0, 30);
  const texto = str(m.text?.body) ?? str(m.button?.text);
  const pessoas = await pessoasDoTelefone(db, from);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(whatsappRecebida)
      .values({ wamid: wamid.slice(0, 200), telefone: from.slice(0, 20), pessoa_id: pessoas[0] ?? null, tipo, texto, recebida_em: quando(m.timestamp, now) })
      .onConflictDoNothing({ target: whatsappRecebida.wamid })
      .returning({ id: whatsappRecebida.id });
    if (inserted.length === 0) return { nova: false, saida: false };
    if (!pedidoDeSaida(texto)) return { nova: true, saida: false };
    // a number nobody has on record: the message is kept, there is no one to opt out nor to confirm to
    if (pessoas.length === 0) return { nova: true, saida: false };
    for (const pessoaId of pessoas) {
      await registrarConsentimento(tx, { pessoaId, channel: 'whatsapp', aceito: false, origem: 'whatsapp', detalhe: `Mensagem "${texto!.trim().slice(0, 20)}" de ${from}` });
    }
    // the confirmation goes inside the window the person just opened; it carries no person (it
    // must not be suppressed by the opt-out it confirms) but points to the first one
    const national = from.startsWith('55') ? from.slice(2) : from;
    if (!isValidPhone(national)) return { nova: true, saida: true };
    await enqueueMensagem(
      tx,
      jobs,
      { channel: 'whatsapp', to: national, text: MODELOS_WHATSAPP.bg_saida_confirmada.corpo, whatsappTemplate: { name: 'bg_saida_confirmada', variables: [] }, entity: 'consentimento', entityId: pessoas[0] ?? null },
      null,
    );
    return { nova: true, saida: true };
  });
}

