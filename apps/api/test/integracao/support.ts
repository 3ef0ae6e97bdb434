import type { ApiEscopo } from '@bg/domain';
import type { TestApp } from '../harness.js';

/** A key made through POST /api/integracao/chaves by `token`'s user; answers its id, prefix and whole token. */
export async function novaChave(
  t: TestApp,
  token: string,
  body: { empresa_id: number; escopos?: ApiEscopo[]; nome?: string; ips?: string[]; expira_em?: string },
): Promise<{ id: number; prefixo: string; chave: string }> {
  const res = await t.call({
    method: 'POST',
    url: '/api/integracao/chaves',
    token,
    payload: { nome: 'ERP da loja', escopos: ['garantias:write', 'garantias:read', 'boletos:read'], ...body },
  });
  if (res.statusCode !== 200) throw new Error(`chave não criada: ${res.body}`);
  return res.json().data;
}

/** A /api/v1 call with a key (no session token). */
export function v1(t: TestApp, chave: string | null, opts: { method?: 'GET' | 'POST' | 'DELETE'; url: string; payload?: object; headers?: Record<string, string>; remoteAddress?: string }) {
  return t.app.inject({
    method: opts.method ?? 'GET',
    url: opts.url,
    ...(opts.payload ? { payload: opts.payload } : {}),
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
    headers: { ...(chave ? { authorization: `Bearer ${chave}` } : {}), ...(opts.headers ?? {}) },
  });
}
