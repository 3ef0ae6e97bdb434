/**
 * A small reader of delivery status notifications (RFC 3464, https://www.rfc-editor.org/rfc/rfc3464):
 * a bounce is a `multipart/report; report-type=delivery-status` whose `message/delivery-status` part
 * is plain header blocks — one per message (Reporting-MTA, Arrival-Date), then one per recipient
 * (Final-Recipient, Action, Status, Diagnostic-Code…), separated by blank lines. Only that part is
 * read: the human text and the returned message are the sender's words, not facts. RFC 6533's
 * `message/global-delivery-status` is the same fields in UTF-8. Anything that is not a DSN is null,
 * never an exception: the bounce listener reads what strangers send.
 */
export type DsnRecipient = {
  /** Final-Recipient without its address type (`rfc822;`), lower case. */
  finalRecipient: string | null;
  /** failed | delayed | delivered | relayed | expanded (RFC 3464 §2.3.3), lower case. */
  action: string;
  /** The enhanced status code, `5.1.1` (RFC 3463); null when absent or malformed. */
  status: string | null;
  /** The remote server's own words (`smtp; 550 5.1.1 …` without the type), one line. */
  diagnosticCode: string | null;
  remoteMta: string | null;
};

export type Dsn = { reportingMta: string | null; recipients: DsnRecipient[] };

/** How deep multiparts may nest before we stop looking (a bounce of a bounce is three levels). */
const MAX_DEPTH = 6;

type Part = { headers: Map<string, string>; body: string };

export function parseDsn(raw: Buffer | string): Dsn | null {
  const text = typeof raw === 'string' ? raw : raw.toString('latin1');
  const report = findDeliveryStatus(splitPart(text), 0);
  if (report === null) return null;
  const blocks = fieldBlocks(report);
  if (blocks.length < 2) return null;
  const recipients = blocks.slice(1).map(recipientOf).filter((r): r is DsnRecipient => r !== null);
  if (recipients.length === 0) return null;
  return { reportingMta: withoutType(blocks[0].get('reporting-mta')), recipients };
}

/** A permanent failure (5.x.x): the address will not work next time either. */
export const falhaPermanente = (r: DsnRecipient) => r.action === 'failed' && (r.status?.startsWith('5.') ?? false);

function recipientOf(fields: Map<string, string>): DsnRecipient | null {
  const action = fields.get('action')?.trim().toLowerCase().split(/[\s(]/)[0];
  if (!action) return null;
  const status = /^([245]\.\d{1,3}\.\d{1,3})\b/.exec(fields.get('status')?.trim() ?? '')?.[1] ?? null;
  const finalRecipient = withoutType(fields.get('final-recipient'))?.replace(/^<|>$/g, '').toLowerCase() ?? null;
  return { finalRecipient, action, status, diagnosticCode: withoutType(fields.get('diagnostic-code'))?.slice(0, 400) ?? null, remoteMta: withoutType(fields.get('remote-mta')) };
}

/** `rfc822; a@b` → `a@b` (the type before the first semicolon is the address or code's kind). */
function withoutType(value: string | undefined): string | null {
  if (value === undefined) return null;
  const i = value.indexOf(';');
  const v = (i >= 0 ? value.slice(i + 1) : value).replace(/\s+/g, ' ').trim();
  return v || null;
}

function findDeliveryStatus(part: Part, depth: number): string | null {
  const { type, params } = contentType(part.headers.get('content-type'));
  if (type === 'message/delivery-status' || type === 'message/global-delivery-status') return decode(part);
  if (!type.startsWith('multipart/') || !params.boundary || depth >= MAX_DEPTH) return null;
  for (const child of multipartChildren(part.body, params.boundary)) {
    const found = findDeliveryStatus(splitPart(child), depth + 1);
    if (found !== null) return found;
  }
  return null;
}

function splitPart(text: string): Part {
  const m = /\r?\n\r?\n/.exec(text);
  const head = m ? text.slice(0, m.index) : text;
  const body = m ? text.slice(m.index + m[0].length) : '';
  return { headers: fieldBlock(head), body };
}

/** Header lines, folded lines joined (RFC 5322 §2.2.3); the first of a repeated name wins. */
function fieldBlock(block: string): Map<string, string> {
  const fields = new Map<string, string>();
  let name: string | null = null;
  for (const line of block.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && name !== null) {
      fields.set(name, `${fields.get(name)} ${line.trim()}`);
      continue;
    }
    const m = /^([!-9;-~]+)[ \t]*:(.*)$/.exec(line);
    name = m && !fields.has(m[1].toLowerCase()) ? m[1].toLowerCase() : null;
    if (m && name !== null) fields.set(name, m[2].trim());
  }
  return fields;
}

/** The delivery-status body as its blocks of fields (blank lines between them). */
function fieldBlocks(body: string): Map<string, string>[] {
  return body
    .split(/\r?\n[ \t]*\r?\n/)
    .map((b) => b.replace(/^\s*\r?\n/, ''))
    .filter((b) => b.trim() !== '')
    .map(fieldBlock)
    .filter((f) => f.size > 0);
}

function contentType(value: string | undefined): { type: string; params: Record<string, string> } {
  if (!value) return { type: 'text/plain', params: {} };
  const [type, ...rest] = value.split(';');
  const params: Record<string, string> = {};
  for (const p of rest) {
    const m = /^\s*([\w-]+)\s*=\s*(?:"([^"]*)"|([^\s;]+))/.exec(p);
    if (m) params[m[1].toLowerCase()] = m[2] ?? m[3];
  }
  return { type: type.trim().toLowerCase(), params };
}

/** The parts between `--boundary` lines, up to `--boundary--` (RFC 2046 §5.1.1). */
function multipartChildren(body: string, boundary: string): string[] {
  const lines = body.split(/\r?\n/);
  const parts: string[] = [];
  let current: string[] | null = null;
  for (const line of lines) {
    const trimmed = line.trimEnd();
    if (trimmed === `--${boundary}--`) break;
    if (trimmed === `--${boundary}`) {
      if (current) parts.push(current.join('\n'));
      current = [];
      continue;
    }
    current?.push(line);
  }
  if (current) parts.push(current.join('\n'));
  return parts;
}

function decode(part: Part): string {
  const encoding = part.headers.get('content-transfer-encoding')?.trim().toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    return part.body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  }
  return part.body;
}
