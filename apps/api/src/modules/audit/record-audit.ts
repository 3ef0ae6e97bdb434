import type { DbOrTx } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export type AuditEntry = {
  action: string;
  entity: string;
  entityId?: string | number | null;
  /** What changed: new values, or { before, after } for updates. Never passwords. */
  summary?: Record<string, unknown>;
};

/**
 * Writes one audit record in the caller's transaction, so the record exists exactly when the
 * change it describes does. An actor that is a public API key (`chave_id`, decision 117) puts the
 * key's id in the summary as `api_chave_id`.
 */
export async function recordAudit(tx: DbOrTx, actor: { id: number | null; ip: string | null; chave_id?: number | null } | null, entry: AuditEntry): Promise<void> {
  const chave = actor?.chave_id == null ? {} : { api_chave_id: actor.chave_id };
  await tx.insert(auditLog).values({
    usuario_id: actor?.id ?? null,
    ip: actor?.ip ?? null,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId == null ? null : String(entry.entityId),
    summary: { ...redact(entry.summary ?? {}), ...chave },
  });
}

const SECRET_KEYS = /pass(word)?|senha|token|secret/i;

function redact(summary: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(summary)) {
    if (SECRET_KEYS.test(k)) out[k] = '[omitido]';
    else if (v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)) out[k] = redact(v as Record<string, unknown>);
    else out[k] = v;
  }
  return out;
}

/** Fields whose value differs between two records, as { field: { before, after } }. */
export function diffFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    const a = before[key];
    const b = after[key];
    if (String(a ?? '') !== String(b ?? '')) changes[key] = { before: a ?? null, after: b ?? null };
  }
  return changes;
}
