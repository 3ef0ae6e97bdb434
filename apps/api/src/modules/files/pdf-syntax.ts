/** The pieces of PDF syntax pdf-inspection.ts reads uploads with (PDF 32000-1 §7.2–7.5). */

/**
 * What a PDF upload must not carry (decision 107): anything that runs code, opens another program
 * or brings other files along. A reader reaches these only through names in dictionaries, so they
 * are looked for as PDF names (`/JavaScript`, `/J#53` — a name may escape its letters).
 */
export const REFUSED_NAMES: Record<string, string> = {
  JS: 'JavaScript',
  JavaScript: 'JavaScript',
  XFA: 'um formulário XFA (com scripts)',
  RichMedia: 'conteúdo multimídia executável (RichMedia)',
  Launch: 'uma ação que abre outros programas (Launch)',
  EmbeddedFile: 'arquivos anexados',
  EmbeddedFiles: 'arquivos anexados',
  EF: 'arquivos anexados',
  FileAttachment: 'arquivos anexados',
};

/** Object streams are inflated to be read; beyond this they are refused rather than held. */
export const MAX_OBJECT_STREAM_BYTES = 16 * 1024 * 1024;
export const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

export const WHITE = new Uint8Array(256);
for (const b of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WHITE[b] = 1;
export const DELIM = new Uint8Array(256);
for (const c of '()<>[]{}/%') DELIM[c.charCodeAt(0)] = 1;
export const regular = (b: number) => !WHITE[b] && !DELIM[b];
export const ENDSTREAM = Buffer.from('endstream');
/** KMP failure table of "endstream" (its only border is the "e" of "eam"). */
export const ENDSTREAM_FAIL = [0, 0, 0, 0, 0, 0, 1, 0, 0];

export class Refused extends Error {}

/** A name's text with its #xx escapes decoded (PDF 1.2+). */
export function decodeName(raw: number[]): string {
  const out: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    const hex = raw[i] === 0x23 && i + 2 < raw.length ? String.fromCharCode(raw[i + 1], raw[i + 2]) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      out.push(parseInt(hex, 16));
      i += 2;
    } else out.push(raw[i]);
  }
  return Buffer.from(out).toString('latin1');
}

export type StreamInfo = { length: number | null; lengthRef: string | null; type: string | null; filters: string[]; decodeParms: boolean; n: number | null; first: number | null };

/** What the tokens of a stream's dictionary (its top level: keys, values, '[' ']', '<<>>') say about it. */
export function streamInfo(tokens: string[]): StreamInfo {
  const info: StreamInfo = { length: null, lengthRef: null, type: null, filters: [], decodeParms: false, n: null, first: null };
  const int = (t: string | undefined) => (t !== undefined && /^\d+$/.test(t) ? Number(t) : null);
  for (let i = 0; i < tokens.length; ) {
    const key = tokens[i++];
    if (!key.startsWith('/')) continue;
    // the value: "12 0 R", an array "[ … ]", or one token
    let value: string[];
    if (int(tokens[i]) !== null && int(tokens[i + 1]) !== null && tokens[i + 2] === 'R') value = tokens.slice(i, (i += 3));
    else if (tokens[i] === '[') {
      let depth = 0;
      const from = i;
      do {
        if (tokens[i] === '[') depth++;
        if (tokens[i] === ']') depth--;
        i++;
      } while (depth > 0 && i < tokens.length);
      value = tokens.slice(from, i);
    } else value = tokens.slice(i, ++i);
    const ref = value.length === 3 && value[2] === 'R';
    if (key === '/Length') {
      if (ref) info.lengthRef = `${value[0]} ${value[1]}`;
      else info.length = int(value[0]);
    } else if (key === '/Type') info.type = value[0]?.replace(/^\//, '') ?? null;
    else if (key === '/Filter') info.filters = value.filter((t) => t.startsWith('/')).map((t) => t.slice(1));
    else if (key === '/DecodeParms') info.decodeParms = value[0] !== 'null';
    else if (key === '/N') info.n = int(value[0]);
    else if (key === '/First') info.first = int(value[0]);
  }
  return info;
}

