import { and, asc, eq } from 'drizzle-orm';
import { createGarantia, type GarantiaFactoryInput } from '../../src/factories/garantia.js';
import { assinaturaSolicitacao, mensagemOutbox } from '../../src/db/schema/index.js';
import type { TestApp } from '../harness.js';

export { pdfText } from '../boletos/support.js';

/** A distinct client address per test, so the public rate limit of one test never touches another's. */
let ipCounter = 0;
export const freshIp = () => `10.${process.pid % 250}.${Math.floor(++ipCounter / 250) % 250}.${ipCounter % 250}`;

export const CONTATO = { email: 'Cliente.Assina@Example.com', telefone: '(11) 98765-4321' };

export async function aprovada(t: TestApp, user: { id: number; empresa_id: number | null }, input: Partial<GarantiaFactoryInput> = {}) {
  return createGarantia(t.database.db, { empresa_id: user.empresa_id!, usuario_id: user.id, status: 'APROVADO', ...input });
}

export function enviar(t: TestApp, token: string, garantiaId: number, body: object = CONTATO) {
  return t.call({ method: 'POST', url: `/api/boleto/getDuplicataAssinatura/${garantiaId}`, token, payload: body });
}

/** The outbox messages of a signing request, in order (WhatsApp first, then e-mail). */
export async function mensagensDa(t: TestApp, solicitacaoId: number) {
  return t.database.db
    .select()
    .from(mensagemOutbox)
    .where(and(eq(mensagemOutbox.entity, 'assinatura'), eq(mensagemOutbox.entity_id, String(solicitacaoId))))
    .orderBy(asc(mensagemOutbox.id));
}

/** The token of the link the messages carry (`…/assinatura/<token>`). */
export async function tokenDo(t: TestApp, solicitacaoId: number): Promise<string> {
  const [first] = await mensagensDa(t, solicitacaoId);
  const m = /\/assinatura\/([A-Za-z0-9_-]{43})$/.exec(first?.link ?? '');
  if (!m) throw new Error(`no signing link in the outbox for request ${solicitacaoId}`);
  return m[1];
}

export async function solicitacao(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(assinaturaSolicitacao).where(eq(assinaturaSolicitacao.id, id));
  return row;
}

/** Sends for signature and answers the request id and the link's token. */
export async function enviado(t: TestApp, token: string, garantiaId: number) {
  const res = await enviar(t, token, garantiaId);
  if (res.statusCode !== 200) throw new Error(`send failed: ${res.body}`);
  const id = res.json().data.id as number;
  return { id, token: await tokenDo(t, id) };
}

type Client = { ip?: string; userAgent?: string };

export function publica(t: TestApp, linkToken: string, client: Client = {}) {
  return t.call({ method: 'GET', url: `/api/assinatura/${linkToken}`, remoteAddress: client.ip ?? freshIp(), headers: { 'user-agent': client.userAgent ?? 'vitest-browser/1.0' } });
}

export function documento(t: TestApp, linkToken: string, client: Client = {}) {
  return t.call({ method: 'GET', url: `/api/assinatura/${linkToken}/documento`, remoteAddress: client.ip ?? freshIp(), headers: { 'user-agent': client.userAgent ?? 'vitest-browser/1.0' } });
}

export function assinar(t: TestApp, linkToken: string, body: object, client: Client = {}) {
  return t.call({
    method: 'POST',
    url: `/api/assinatura/${linkToken}/assinar`,
    payload: body,
    remoteAddress: client.ip ?? freshIp(),
    headers: { 'user-agent': client.userAgent ?? 'vitest-browser/1.0' },
  });
}
