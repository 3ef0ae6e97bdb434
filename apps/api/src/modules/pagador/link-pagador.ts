import { createHash, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { pagadorLink } from '../../db/schema/index.js';

/**
 * The payer page's access code (issue 27, docs/messaging.md "Página do pagador"): every message
 * that points the payer to `/pagar` carries a code that opens the page already identified, for 7
 * days. Ten characters of an alphabet without look-alikes (0/O, 1/I/L), so it can also be typed
 * from a printed letter: 32¹⁰ ≈ 10¹⁵ codes, and the page is rate-limited per address. Only the
 * code's SHA-256 is stored.
 */
export const PAGADOR_LINK_DIAS = 7;
const ALFABETO = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const TAMANHO = 10;

/** The code as typed or linked: case, spaces and dashes do not matter. */
export function normalizarCodigoPagador(codigo: string): string | null {
  const c = codigo.toUpperCase().replace(/[\s-]/g, '');
  if (c.length !== TAMANHO) return null;
  for (const ch of c) if (!ALFABETO.includes(ch)) return null;
  return c;
}

const hashCodigo = (codigo: string) => createHash('sha256').update(codigo, 'utf8').digest('hex');

/** Shown to people as XXXXX-XXXXX. */
export const formatarCodigoPagador = (codigo: string) => `${codigo.slice(0, 5)}-${codigo.slice(5)}`;

/** The page's address for a code, from the app's public address (PUBLIC_URL, else the request's). */
export function pagadorUrl(baseUrl: string, codigo: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/pagar/${formatarCodigoPagador(codigo)}`;
}

/** A new code for the person, valid `PAGADOR_LINK_DIAS` days from `now`; write it in the transaction of the message that carries it. */
export async function criarCodigoPagador(db: DbOrTx, pessoaId: number, now = new Date()): Promise<{ codigo: string; expiresAt: Date }> {
  let codigo = '';
  for (let i = 0; i < TAMANHO; i++) codigo += ALFABETO[randomInt(ALFABETO.length)];
  const expiresAt = new Date(now.getTime() + PAGADOR_LINK_DIAS * 86_400_000);
  await db.insert(pagadorLink).values({ codigo_hash: hashCodigo(codigo), pessoa_id: pessoaId, expires_at: expiresAt, created_at: now });
  return { codigo, expiresAt };
}

/** The person a code opens, if it is well-formed, known and not expired; null otherwise (one answer for every failure). */
export async function pessoaDoCodigoPagador(db: DbOrTx, codigo: string, now = new Date()): Promise<number | null> {
  const c = normalizarCodigoPagador(codigo);
  if (!c) return null;
  const [row] = await db.select({ pessoa_id: pagadorLink.pessoa_id, expires_at: pagadorLink.expires_at }).from(pagadorLink).where(eq(pagadorLink.codigo_hash, hashCodigo(c)));
  return row && row.expires_at.getTime() > now.getTime() ? row.pessoa_id : null;
}
