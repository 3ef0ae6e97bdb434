import { line } from './loader.js';
import { tsOf } from './model.js';
import type { Phase } from './phase.js';

/** Messaging outbox rows of every feature (SPC notices, signature links), written in time order. */
export type Message = {
  day: number;
  sec: number;
  channel: 'whatsapp' | 'email';
  recipient: string;
  subject: string | null;
  text: string;
  entity: string;
  entityId: string | null;
  link: string | null;
  user: number;
  /** set by numberMessages */
  id: number;
};

export function numberMessages(messages: Message[], phase: Phase): void {
  messages.sort((a, b) => a.day - b.day || a.sec - b.sec);
  for (const m of messages) m.id = phase.ids.next('mensagem_outbox');
}

export function* messageLines(messages: Message[], today: number) {
  for (const m of messages) {
    const at = tsOf(m.day, m.sec);
    // a message of the last minutes may still be waiting for the outbox job
    const sent = m.day < today || m.sec < 8 * 3600;
    yield line([m.id, m.channel, m.recipient, m.subject, m.text, m.entityId, sent ? 'sent' : 'queued', m.user, at, sent ? at : null, m.link, m.entity, sent ? 1 : 0, null]);
  }
}
export const MESSAGE_COLUMNS = ['id', 'channel', 'recipient', 'subject', 'text', 'entity_id', 'status', 'created_by', 'created_at', 'sent_at', 'link', 'entity', 'attempts', 'last_error'];
