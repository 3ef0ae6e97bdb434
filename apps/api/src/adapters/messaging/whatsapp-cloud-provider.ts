import type { Readable } from 'node:stream';
import { modeloParaMensagem } from '../../modules/mensagem/modelos-whatsapp.js';
import { MessagingError, type MessagingAdapter, type OutboxAttachment, type OutboxMessage } from './messaging.js';

export type WhatsappCloudOptions = {
  /** WHATSAPP_API_URL: the Graph API with its version (default https://graph.facebook.com/v21.0). */
  apiUrl: string;
  phoneNumberId: string;
  token: string;
  timeoutMs?: number;
  fetchFn?: typeof fetch;
};

/** The Cloud API's `to`: digits with the country code; a Brazilian number (DDD + 8/9 digits) gains 55. */
export function whatsappNumber(recipient: string): string {
  const digits = recipient.replace(/\D/g, '');
  return digits.length === 10 || digits.length === 11 ? `55${digits}` : digits;
}

/**
 * Error codes of the Cloud API worth retrying (rate limits, "something went wrong", service
 * unavailable); any other refusal is final (an unknown number, a template Meta does not have, a
 * message outside the 24 h window, a bad token). docs/messaging.md cites the error reference.
 */
const TEMPORARY_CODES = new Set([1, 2, 4, 17, 341, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);

type GraphError = { error?: { message?: string; type?: string; code?: number; error_subcode?: number; error_data?: { details?: string }; error_user_msg?: string } };

/**
 * WhatsApp Business Cloud API (docs/messaging.md "Canais"): POST {api}/{phone-number-id}/messages
 * with `Authorization: Bearer`. Inside the 24 h customer-service window (the person wrote to us in
 * the last 24 h, whatsapp_recebida) the message goes as written — text with its link, or the PDF as
 * a document with the text as caption; outside it only as an approved template
 * (modules/mensagem/modelos-whatsapp.ts) with language pt_BR and its body variables. Files are
 * uploaded first (POST {api}/{phone-number-id}/media) and sent by the media id. The answer's
 * `messages[0].id` (the wamid) is what the status webhook names later.
 */
export function whatsappCloudProvider(options: WhatsappCloudOptions): MessagingAdapter {
  const fetchFn = options.fetchFn ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const base = `${options.apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(options.phoneNumberId)}`;
  const auth = { authorization: `Bearer ${options.token}` };

  async function call(path: string, init: RequestInit): Promise<unknown> {
    let res: Response;
    try {
      res = await fetchFn(`${base}/${path}`, { ...init, headers: { ...auth, ...(init.headers as Record<string, string>) }, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      const timedOut = (err as Error)?.name === 'TimeoutError' || (err as Error)?.name === 'AbortError';
      throw new MessagingError(timedOut ? `whatsapp: tempo esgotado (${timeoutMs} ms)` : `whatsapp: ${(err as Error)?.message ?? String(err)}`);
    }
    const text = await res.text().catch(() => '');
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (!res.ok) {
      const e = (body as GraphError | null)?.error;
      const code = e?.code ?? null;
      const detail = [e?.message, e?.error_data?.details].filter(Boolean).join(' — ') || text.slice(0, 300) || `HTTP ${res.status}`;
      const temporary = res.status === 429 || res.status >= 500 || (code !== null && TEMPORARY_CODES.has(code));
      throw new MessagingError(`whatsapp: ${code ?? `HTTP ${res.status}`} — ${detail}`.slice(0, 1000), { permanent: !temporary, code: code ?? res.status });
    }
    return body;
  }

  async function upload(file: OutboxAttachment): Promise<string> {
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', file.contentType);
    form.set('file', new Blob([new Uint8Array(await readAll(file.open()))], { type: file.contentType }), file.filename);
    const body = (await call('media', { method: 'POST', body: form })) as { id?: string } | null;
    if (!body?.id) throw new MessagingError('whatsapp: o envio do arquivo não devolveu um id de mídia');
    return body.id;
  }

  return {
    name: 'whatsapp_cloud',
    async send(message: OutboxMessage) {
      if (message.channel !== 'whatsapp') throw new MessagingError('whatsapp: só envia WhatsApp', { permanent: true });
      const to = whatsappNumber(message.to);
      const files = message.attachments ?? [];
      const mediaIds: { id: string; filename: string }[] = [];
      for (const f of files) mediaIds.push({ id: await upload(f), filename: f.filename });
      const textWithLink = message.link && !message.text.includes(message.link) ? `${message.text}\n\n${message.link}` : message.text;

      const payloads: Record<string, unknown>[] = [];
      if (message.whatsappWindowOpen) {
        if (mediaIds.length === 0) payloads.push({ type: 'text', text: { body: textWithLink.slice(0, 4096), preview_url: Boolean(message.link) } });
        mediaIds.forEach((m, i) => payloads.push({ type: 'document', document: { id: m.id, filename: m.filename, ...(i === 0 ? { caption: textWithLink.slice(0, 1024) } : {}) } }));
      } else {
        const modelo = modeloParaMensagem({ ...message, hasDocument: mediaIds.length > 0 && !message.whatsappTemplate });
        const components: Record<string, unknown>[] = [];
        if (modelo.name === 'bg_documento' && mediaIds[0]) {
          components.push({ type: 'header', parameters: [{ type: 'document', document: { id: mediaIds[0].id, filename: mediaIds[0].filename } }] });
        }
        if (modelo.variables.length) components.push({ type: 'body', parameters: modelo.variables.map((text) => ({ type: 'text', text })) });
        payloads.push({ type: 'template', template: { name: modelo.name, language: { code: 'pt_BR' }, ...(components.length ? { components } : {}) } });
      }

      let first: string | null = null;
      for (const payload of payloads) {
        const body = (await call('messages', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', to, ...payload }),
        })) as { messages?: { id?: string; message_status?: string }[] } | null;
        const wamid = body?.messages?.[0]?.id ?? null;
        if (!wamid) throw new MessagingError('whatsapp: a resposta não trouxe o id da mensagem (wamid)');
        first ??= wamid;
      }
      const kind = payloads[0]?.type === 'template' ? `modelo ${(payloads[0].template as { name: string }).name}` : 'dentro da janela de 24 h';
      return { provider: 'whatsapp_cloud', providerId: first, detail: kind };
    },
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}
