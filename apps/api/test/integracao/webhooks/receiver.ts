import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP receiver for the webhook tests: records every request (headers and raw body) and
 * answers what `responder` says. Its signature check is written here, apart from the app's
 * (modules/integracao/webhooks/assinatura.ts), from docs/api.md's description of the scheme.
 */
export type Recebido = { headers: http.IncomingHttpHeaders; body: string; json: { id: string; tipo: string; criado_em: string; sequencia: number; dados: Record<string, unknown> } };

export async function startReceiver(responder: (r: Recebido, n: number) => number = () => 200) {
  const recebidos: Recebido[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: Recebido['json'];
      try {
        json = JSON.parse(body);
      } catch {
        json = { id: '', tipo: '', criado_em: '', sequencia: 0, dados: {} };
      }
      const r = { headers: req.headers, body, json };
      recebidos.push(r);
      const status = responder(r, recebidos.length);
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status >= 200 && status < 300 ? 'ok' : `falhou ${'x'.repeat(3000)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    recebidos,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Verifies `X-Assinatura: t=…,v1=…[,v1=…]` against a secret: true when one v1 matches HMAC-SHA256(secret, t.body). */
export function assinaturaConfere(header: string | string[] | undefined, body: string, secret: string, toleranceSeconds = 300): boolean {
  if (typeof header !== 'string') return false;
  const parts = header.split(',').map((p) => p.split('='));
  const t = parts.find(([k]) => k === 't')?.[1];
  if (!t || Math.abs(Date.now() / 1000 - Number(t)) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest();
  return parts
    .filter(([k]) => k === 'v1')
    .some(([, v]) => {
      const got = Buffer.from(v ?? '', 'hex');
      return got.length === expected.length && timingSafeEqual(got, expected);
    });
}

export async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false> | T | null | undefined | false, timeoutMs = 20000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`esperando ${what}: tempo esgotado`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
